import { Module } from '@nestjs/common';
import { MoneyModule } from '../money/money.module';
import {
  GetApprovalHandler,
  GrantApprovalHandler,
  ListApprovalsHandler,
  RejectApprovalHandler,
} from './approvals.handlers';

/** Four eyes on admin money moves (needs CqrsModule.forRoot() and PlatformModule at the root). */
@Module({
  imports: [MoneyModule],
  providers: [GrantApprovalHandler, RejectApprovalHandler, ListApprovalsHandler, GetApprovalHandler],
})
export class ApprovalsModule {}
