import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DomainError, Money } from '@savings/domain';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import {
  AccrueInterestBatchCommand,
  type AccrueInterestBatchResult,
  type CommandContext,
} from '../money/money.commands';
import { ProofCommitments } from '../proof/proof-commitments';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { addDays, datesBetween } from './job-dates';

export interface BatchRange {
  fromUserId: number;
  toUserId: number;
}

export interface BatchOutcome extends BatchRange {
  date: string;
  accountsInRange: number;
  accrued: number;
  alreadyAccrued: number;
  creditedCents: bigint;
}

export interface DatePlan {
  date: string;
  completed: boolean;
  batches: BatchRange[];
  /** Batches no run has finished yet: what a rerun after a crash still has to do. */
  pending: BatchRange[];
}

export interface DateSummary {
  date: string;
  status: 'running' | 'completed';
  batches: number;
  /** Accounts credited for the date (over every run of it). */
  accounts: number;
  creditedCents: bigint;
}

export interface BatchProgress {
  outcome: BatchOutcome;
  /** Batches of this date finished in this run, and how many the run has. */
  done: number;
  total: number;
}

export interface RunThroughOptions {
  batchSize?: number;
  /** Batches run at once in this process (each is its own transaction in the ledger). */
  parallel?: number;
  onDateStart?: (plan: DatePlan) => void;
  onBatch?: (progress: BatchProgress) => void;
  /** Checked between batches: a graceful shutdown finishes the batch in flight, then stops. */
  shouldStop?: () => boolean;
}

export interface RunThroughResult {
  dates: DateSummary[];
  stopped: boolean;
}

/** Catch-up longer than a year is an operator decision, not something a job does by itself. */
export const MAX_CATCH_UP_DAYS = 366;

/**
 * Orchestration of the daily interest, shared by the worker's jobs and the command line: which dates
 * are due, the batches (user-id ranges) of a date, running one batch through the ledger's
 * AccrueInterestBatchCommand, and closing a date once all its batches are done. It writes no money:
 * the ledger skips accounts already accrued for a date, so any batch may run twice, in parallel, or
 * again after a crash, and each account still gets exactly one accrual per date.
 */
@Injectable()
export class InterestRunService {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
    private readonly proofs: ProofCommitments,
  ) {}

  /**
   * Dates to accrue, in order, up to `until`: from the day after the last completed date (or the
   * oldest unfinished one when none completed yet). Empty when `until` is already done.
   */
  async datesToRun(until: string): Promise<string[]> {
    const [row] = await this.sql.query<{ last_completed: string | null; first_open: string | null }>(
      `select (max(accrual_date) filter (where status = 'completed'))::text as last_completed,
              (min(accrual_date) filter (where status = 'running'))::text as first_open
         from interest_runs`,
    );
    const start = row.last_completed ? addDays(row.last_completed, 1) : (row.first_open ?? until);
    const dates = start <= until ? datesBetween(start, until) : [];
    if (dates.length > MAX_CATCH_UP_DAYS) {
      throw new DomainError(
        'JOBS.CATCH_UP_TOO_LONG',
        'invalid',
        `Interest is ${dates.length} days behind (from ${start}); run the catch-up in steps with --date.`,
      );
    }
    return dates;
  }

  /**
   * Records the run of a date and its batches: ranges aligned to the batch size over the account ids,
   * so every worker and every rerun derives the same ranges; accounts opened since the last plan get
   * new ranges above the planned ones.
   */
  async planDate(date: string, batchSize = this.config.worker.interestBatchSize): Promise<DatePlan> {
    await this.sql.transaction(async (tx) => {
      await tx.query('insert into interest_runs (accrual_date) values ($1) on conflict do nothing', [date]);
      // one planner at a time per date, so two workers never insert overlapping ranges
      await tx.query('select 1 from interest_runs where accrual_date = $1 for update', [date]);
      await tx.query(
        `insert into interest_run_batches (accrual_date, from_user_id, to_user_id)
         select $1, g, g + $2::bigint
           from generate_series(
                  greatest((select max(to_user_id) from interest_run_batches where accrual_date = $1),
                           (select min(user_id) / $2::bigint * $2::bigint from accounts)),
                  (select max(user_id) from accounts),
                  $2::bigint) as g
         on conflict do nothing`,
        [date, batchSize],
      );
      await tx.query(
        `update interest_runs
            set batches = (select count(*) from interest_run_batches where accrual_date = $1)
          where accrual_date = $1`,
        [date],
      );
    });
    const rows = await this.sql.query<{ from_user_id: string; to_user_id: string; status: string; run: string }>(
      `select b.from_user_id, b.to_user_id, b.status, r.status as run
         from interest_runs r left join interest_run_batches b using (accrual_date)
        where r.accrual_date = $1
        order by b.from_user_id`,
      [date],
    );
    const batches: BatchRange[] = [];
    const pending: BatchRange[] = [];
    for (const row of rows) {
      if (row.from_user_id === null) continue;
      const range = { fromUserId: Number(row.from_user_id), toUserId: Number(row.to_user_id) };
      batches.push(range);
      if (row.status !== 'done') pending.push(range);
    }
    return { date, completed: rows[0]?.run === 'completed', batches, pending };
  }

  /** One batch through the ledger's set-based command, then recorded as done. */
  async runBatch(date: string, range: BatchRange, context: CommandContext): Promise<BatchOutcome> {
    const result = await this.commandBus.execute<AccrueInterestBatchCommand, AccrueInterestBatchResult>(
      new AccrueInterestBatchCommand(date, range.fromUserId, range.toUserId, context),
    );
    const creditedCents = Money.parse(result.creditedTotal);
    // accrued adds up over runs: a rerun credits only what the earlier run did not
    await this.sql.query(
      `update interest_run_batches
          set status = 'done', accrued = accrued + $3, already_accrued = $4,
              credited_cents = credited_cents + $5, runs = runs + 1, finished_at = now()
        where accrual_date = $1 and from_user_id = $2`,
      [date, range.fromUserId, result.accrued, result.alreadyAccrued, creditedCents.toString()],
    );
    return {
      date,
      ...range,
      accountsInRange: result.accountsInRange,
      accrued: result.accrued,
      alreadyAccrued: result.alreadyAccrued,
      creditedCents,
    };
  }

  /** Closes the date when every batch is done; returns its summary (status stays running otherwise). */
  async completeDate(date: string): Promise<DateSummary> {
    await this.sql.query(
      `update interest_runs r
          set status = 'completed', finished_at = now(), batches = s.n, accounts = s.accrued,
              credited_cents = s.credited
         from (select count(*) as n, coalesce(sum(accrued), 0) as accrued,
                      coalesce(sum(credited_cents), 0) as credited,
                      coalesce(bool_and(status = 'done'), true) as all_done
                 from interest_run_batches where accrual_date = $1) s
        where r.accrual_date = $1 and r.status <> 'completed' and s.all_done`,
      [date],
    );
    const summary = await this.getRun(date);
    if (!summary) throw new DomainError('JOBS.RUN_NOT_FOUND', 'not_found', `No interest run for ${date}.`);
    // every close of a completed date (a retry, a rerun) makes sure the day's proof was committed
    if (summary.status === 'completed') await this.proofs.commitAfterInterest(date);
    return summary;
  }

  async getRun(date: string): Promise<DateSummary | null> {
    const [row] = await this.sql.query<{
      status: 'running' | 'completed';
      batches: number;
      accounts: number;
      credited_cents: string;
    }>('select status, batches, accounts, credited_cents from interest_runs where accrual_date = $1', [date]);
    if (!row) return null;
    return {
      date,
      status: row.status,
      batches: row.batches,
      accounts: row.accounts,
      creditedCents: BigInt(row.credited_cents),
    };
  }

  /** The attempt counter of a date's queue dispatch (the worker names its jobs after it). */
  async nextAttempt(date: string): Promise<number> {
    const [row] = await this.sql.query<{ attempt: number }>(
      'update interest_runs set attempt = attempt + 1 where accrual_date = $1 returning attempt',
      [date],
    );
    return row.attempt;
  }

  async currentAttempt(date: string): Promise<number> {
    const [row] = await this.sql.query<{ attempt: number }>(
      'select attempt from interest_runs where accrual_date = $1',
      [date],
    );
    return row?.attempt ?? 0;
  }

  /**
   * In-process run (command line, benchmark) of every due date up to `until`, in order, each date
   * finished before the next starts. A date already completed is run again as a check: the ledger
   * skips what was accrued, so this credits nothing twice.
   */
  async runThrough(until: string, context: CommandContext, options: RunThroughOptions = {}): Promise<RunThroughResult> {
    const due = await this.datesToRun(until);
    const dates = due.length > 0 ? due : [until];
    const summaries: DateSummary[] = [];
    for (const date of dates) {
      const plan = await this.planDate(date, options.batchSize);
      options.onDateStart?.(plan);
      const work = plan.completed || plan.pending.length === 0 ? plan.batches : plan.pending;
      const stopped = await this.runBatches(date, work, context, options);
      if (stopped) return { dates: summaries, stopped: true };
      const summary = await this.completeDate(date);
      summaries.push(summary);
      if (summary.status !== 'completed') break;
    }
    return { dates: summaries, stopped: false };
  }

  private async runBatches(
    date: string,
    work: BatchRange[],
    context: CommandContext,
    options: RunThroughOptions,
  ): Promise<boolean> {
    let next = 0;
    let done = 0;
    let stopped = false;
    const lane = async (): Promise<void> => {
      while (next < work.length) {
        if (options.shouldStop?.()) {
          stopped = true;
          return;
        }
        const range = work[next];
        next += 1;
        const outcome = await this.runBatch(date, range, context);
        done += 1;
        options.onBatch?.({ outcome, done, total: work.length });
      }
    };
    const lanes = Math.max(1, Math.min(options.parallel ?? 1, work.length));
    await Promise.all(Array.from({ length: lanes }, () => lane()));
    return stopped;
  }
}
