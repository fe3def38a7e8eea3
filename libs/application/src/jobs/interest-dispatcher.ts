import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectFlowProducer, InjectQueue } from '@nestjs/bullmq';
import { FlowProducer, Queue } from 'bullmq';
import type { Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { InterestRunService } from './interest-run.service';
import {
  defaultJobOptions,
  INTEREST_FLOW,
  INTEREST_QUEUE,
  JobNames,
  type InterestBatchJobData,
  type InterestDateJobData,
} from './job-queues';

/** A date's flow that is still going: its batches run, or its parent waits for them. */
const IN_FLIGHT = new Set(['waiting-children', 'waiting', 'active', 'delayed', 'prioritized']);

export type DispatchOutcome = 'dispatched' | 'in-flight' | 'already-completed';

/**
 * Turns one accrual date into a BullMQ flow: a parent job (closes the date, moves on to the next) with
 * one child per user-id range still pending, so any number of workers share the day. Decided under a
 * PostgreSQL advisory lock, so two workers ticking at once dispatch a date once; a date whose flow
 * failed or vanished (Redis flushed, worker killed before dispatch) gets a new attempt of its pending
 * batches only.
 */
@Injectable()
export class InterestDispatcher {
  private readonly logger = new Logger(InterestDispatcher.name);

  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly runs: InterestRunService,
    @InjectQueue(INTEREST_QUEUE) private readonly queue: Queue,
    @InjectFlowProducer(INTEREST_FLOW) private readonly flows: FlowProducer,
  ) {}

  async dispatch(date: string, until: string): Promise<DispatchOutcome> {
    return this.sql.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('savings.interest-dispatch'))");
      const plan = await this.runs.planDate(date);
      if (plan.completed) return 'already-completed';
      const attempt = await this.runs.currentAttempt(date);
      if (attempt > 0) {
        const parent = await this.queue.getJob(parentJobId(date, attempt));
        const state = parent ? await parent.getState() : 'unknown';
        if (IN_FLIGHT.has(state)) return 'in-flight';
      }
      const next = await this.runs.nextAttempt(date);
      const parentData: InterestDateJobData = { date, until };
      await this.flows.add({
        name: JobNames.interestDate,
        queueName: INTEREST_QUEUE,
        data: parentData,
        // flows do not apply the queue's default job options: retries and retention are set here
        opts: { ...defaultJobOptions, jobId: parentJobId(date, next) },
        children: plan.pending.map((range) => {
          const data: InterestBatchJobData = { date, ...range };
          return {
            name: JobNames.interestBatch,
            queueName: INTEREST_QUEUE,
            data,
            // a batch that exhausts its retries fails the date, so the next tick dispatches it again
            opts: {
              ...defaultJobOptions,
              jobId: `interest-batch_${date}_${range.fromUserId}_a${next}`,
              failParentOnFailure: true,
            },
          };
        }),
      });
      this.logger.log(
        `Interest ${date}: dispatched ${plan.pending.length} of ${plan.batches.length} batches (attempt ${next})`,
      );
      return 'dispatched';
    });
  }
}

export function parentJobId(date: string, attempt: number): string {
  return `interest-date_${date}_a${attempt}`;
}
