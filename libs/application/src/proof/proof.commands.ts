import type { CommandContext } from '../money/money.commands';

/**
 * Commits a proof-of-liabilities tree now (or the ledger as it stood at `at`) and appends its root
 * (api-contract.md section 13); returns ProofCommitment, or null when there is no account yet.
 */
export class CommitProofCommand {
  constructor(
    readonly context: CommandContext,
    readonly at: Date | null = null,
  ) {}
}

/** The published roots, newest first; returns ProofRootsResponse. */
export class ListProofRootsQuery {}

/** A customer's proof in the commitment standing for `date` (the latest when null); returns BalanceProofResponse. */
export class GetBalanceProofQuery {
  constructor(
    readonly userId: number,
    /** YYYY-MM-DD as given (checked by the handler) */
    readonly date: string | null,
  ) {}
}
