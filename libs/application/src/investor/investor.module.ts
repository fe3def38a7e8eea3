import { Module } from '@nestjs/common';
import {
  GetDashboardHandler,
  ListAccountActivityHandler,
  ListDepositRequestsHandler,
  ListInterestPaymentsHandler,
  ListWithdrawalsHandler,
} from './investor-queries.handler';

/** The investor area's read side (its writes are the money commands and the users commands). */
@Module({
  providers: [
    GetDashboardHandler,
    ListAccountActivityHandler,
    ListDepositRequestsHandler,
    ListWithdrawalsHandler,
    ListInterestPaymentsHandler,
  ],
})
export class InvestorQueriesModule {}
