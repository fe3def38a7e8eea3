/** Ledger reads and maintenance for auditors, the command line and the worker. */

/** Runs every integrity check (seals pending blocks first); returns VerifyReport from @savings/contracts. */
export class VerifyLedgerQuery {}

/** A page of the event log in seq order; returns AuditEventsResponse from @savings/contracts. */
export class ListLedgerEventsQuery {
  constructor(
    readonly after: number,
    readonly limit: number,
  ) {}
}

/** Balance of one account at an instant (null: now), from the log; returns LedgerBalanceResult. */
export class LedgerBalanceQuery {
  constructor(
    readonly userId: number,
    readonly asOf: Date | null,
  ) {}
}

export interface LedgerBalanceResult {
  userId: number;
  asOf: string | null;
  balanceCents: string;
  balance: string;
}

/** The last event recorded at or before an instant (null: now); returns LedgerHead | null from @savings/ledger. */
export class LedgerHeadQuery {
  constructor(readonly asOf: Date | null) {}
}

/** Rebuilds every read model from the log; returns ReplayLedgerResult. */
export class ReplayLedgerCommand {}

export interface ReplayLedgerResult {
  events: number;
  accounts: number;
  lastSeq: number;
  seconds: number;
}

/** Seals the global order of the log up to now in blocks (the worker may run it periodically). */
export class SealLedgerBlocksCommand {}
