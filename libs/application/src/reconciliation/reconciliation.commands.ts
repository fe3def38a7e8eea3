import type { BankStatementEntry, BankStatementEntryStatus } from '@savings/contracts';
import type { CommandContext } from '../money/money.commands';

/** Bank statements (issue 18, api-contract.md section 11): import, credit, ignore, and what they show. */

export class ImportBankStatementCommand {
  constructor(
    /** from the request's Content-Type: application/xml is camt.053, text/csv the documented CSV */
    readonly format: 'camt053' | 'csv',
    readonly body: Buffer,
    readonly context: CommandContext,
  ) {}
}

export class CreditStatementEntryCommand {
  constructor(
    readonly statementId: number,
    readonly entryId: number,
    /** manual assignment: credit this customer (a direct deposit unless depositRequestId is given) */
    readonly userId: number | undefined,
    readonly depositRequestId: number | undefined,
    readonly context: CommandContext,
  ) {}
}

/** 200 `{entry}`, or `{approval}` when four eyes apply (the deposit command's own answer). */
export type CreditStatementEntryResult = { entry: BankStatementEntry } | { approval: unknown };

export class CreditSuggestedEntriesCommand {
  constructor(
    readonly statementId: number,
    readonly context: CommandContext,
  ) {}
}

export class IgnoreStatementEntryCommand {
  constructor(
    readonly statementId: number,
    readonly entryId: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {}
}

export class ListBankStatementsQuery {}

export class GetBankStatementQuery {
  constructor(
    readonly id: number,
    readonly status: BankStatementEntryStatus | undefined,
    readonly offset: number,
    readonly limit: number,
  ) {}
}

export class ListUnmatchedPayoutsQuery {
  constructor(readonly now: Date) {}
}
