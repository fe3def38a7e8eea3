import { Module } from '@nestjs/common';
import {
  GetDashboardHandler,
  ListAccountActivityHandler,
  ListDepositRequestsHandler,
  ListInterestPaymentsHandler,
  ListWithdrawalsHandler,
} from './investor-queries.handler';
import { GetInvestorDailyHandler } from './investor-daily.handler';

/** The investor area's read side (its writes are the money commands and the users commands). */
@Module({
  providers: [
    GetDashboardHandler,
    ListAccountActivityHandler,
    ListDepositRequestsHandler,
    ListWithdrawalsHandler,
    ListInterestPaymentsHandler,
    GetInvestorDailyHandler,
  ],
})
export class InvestorQueriesModule {}
