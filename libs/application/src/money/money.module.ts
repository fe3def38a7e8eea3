import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AccountLedger } from './account-ledger';
import { AccrueInterestBatchHandler } from './accrue-interest-batch.handler';
import {
  CancelDepositRequestHandler,
  ConfirmDepositRequestHandler,
  EditDepositRequestHandler,
  RequestDepositHandler,
} from './deposit-requests.handlers';
import { AdjustBalanceHandler, ConfirmDepositHandler } from './deposits.handlers';
import {
  LedgerBalanceHandler,
  LedgerHeadHandler,
  ListLedgerEventsHandler,
  ReplayLedgerHandler,
  SealLedgerBlocksHandler,
  VerifyLedgerHandler,
} from './ledger.handlers';
import {
  ApproveWithdrawalHandler,
  CancelWithdrawalHandler,
  EditWithdrawalHandler,
  PayOutWithdrawalHandler,
  RequestWithdrawalHandler,
  ReturnWithdrawalForReapprovalHandler,
} from './withdrawals.handlers';

/**
 * Every command that moves money, and the ledger's audit queries (needs CqrsModule.forRoot() and
 * PlatformModule at the root). API, worker and command line import this module unchanged.
 */
@Module({
  imports: [MailModule],
  providers: [
    AccountLedger,
    RequestDepositHandler,
    EditDepositRequestHandler,
    CancelDepositRequestHandler,
    ConfirmDepositRequestHandler,
    ConfirmDepositHandler,
    AdjustBalanceHandler,
    RequestWithdrawalHandler,
    EditWithdrawalHandler,
    CancelWithdrawalHandler,
    ApproveWithdrawalHandler,
    PayOutWithdrawalHandler,
    ReturnWithdrawalForReapprovalHandler,
    AccrueInterestBatchHandler,
    VerifyLedgerHandler,
    ListLedgerEventsHandler,
    LedgerBalanceHandler,
    LedgerHeadHandler,
    ReplayLedgerHandler,
    SealLedgerBlocksHandler,
  ],
  exports: [AccountLedger],
})
export class MoneyModule {}
