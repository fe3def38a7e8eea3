import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { localDateOf } from '@savings/domain';
import { commitProofOfLiabilities, type ProofCommitment } from '@savings/ledger';
import type { CommandContext } from '../money/money.commands';
import { APP_CONFIG, SQL } from '../platform/tokens';

/** Commitments of proof-of-liabilities trees: on demand, and after each day's interest run. */
@Injectable()
export class ProofCommitments {
  private readonly logger = new Logger(ProofCommitments.name);

  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Commits now (or the ledger at a past `at`), for the local date of that instant. */
  async commit(context: CommandContext, at: Date | null = null): Promise<ProofCommitment | null> {
    const date = localDateOf(at ?? new Date(), this.config.appTimezone);
    return commitProofOfLiabilities(this.sql, { date, at: at ?? undefined, metadata: metadataOf(context) });
  }

  /**
   * After a day's interest run: commits for its accrual date unless one was already made for it. Called
   * each time the date is closed, so a crash between the close and the commitment is made good by
   * the close's retry (or the next run of that date).
   */
  async commitAfterInterest(date: string): Promise<ProofCommitment | null> {
    const context = { actor: { kind: 'job' as const, id: 'daily-interest' }, correlationId: `proof-${date}` };
    const commitment = await commitProofOfLiabilities(this.sql, {
      date,
      metadata: metadataOf(context),
      unlessDateCommitted: true,
    });
    if (commitment) {
      this.logger.log(
        `Proof of liabilities ${date}: root ${commitment.root} over ${commitment.leafCount} accounts, total ${commitment.total} cents`,
      );
    }
    return commitment;
  }
}

function metadataOf(context: CommandContext) {
  return { actor: context.actor, correlationId: context.correlationId, causationId: null, idempotencyKey: null };
}
