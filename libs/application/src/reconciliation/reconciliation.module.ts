import { Module } from '@nestjs/common';
import { MoneyModule } from '../money/money.module';
import {
  CreditStatementEntryHandler,
  CreditSuggestedEntriesHandler,
  GetBankStatementHandler,
  IgnoreStatementEntryHandler,
  ImportBankStatementHandler,
  ListBankStatementsHandler,
  ListUnmatchedPayoutsHandler,
} from './reconciliation.handlers';

/** Bank statements and reconciliation; credits go through MoneyModule's deposit commands. */
@Module({
  imports: [MoneyModule],
  providers: [
    ImportBankStatementHandler,
    ListBankStatementsHandler,
    GetBankStatementHandler,
    CreditStatementEntryHandler,
    CreditSuggestedEntriesHandler,
    IgnoreStatementEntryHandler,
    ListUnmatchedPayoutsHandler,
  ],
})
export class ReconciliationModule {}
