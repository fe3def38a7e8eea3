import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type JobOutcome = 'completed' | 'failed';

/** Prometheus metrics of the worker: job durations and counts by queue, job name and outcome. */
@Injectable()
export class JobMetrics {
  readonly registry = new Registry();

  private readonly duration = new Histogram({
    name: 'savings_job_duration_seconds',
    help: 'Duration of BullMQ jobs processed by this worker',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  private readonly jobs = new Counter({
    name: 'savings_jobs_total',
    help: 'BullMQ jobs processed by this worker',
    labelNames: ['queue', 'job', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly accrued = new Counter({
    name: 'savings_interest_accruals_total',
    help: 'Accounts credited with daily interest by this worker',
    registers: [this.registry],
  });

  private readonly paidOut = new Counter({
    name: 'savings_withdrawals_paid_out_total',
    help: 'Withdrawals paid out by the monthly job in this worker',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'savings_worker_' });
  }

  /** Runs the job body, recording its duration and outcome whatever happens. */
  async track<T>(queue: string, job: string, work: () => Promise<T>): Promise<T> {
    const stop = this.duration.startTimer({ queue, job });
    try {
      const result = await work();
      stop({ outcome: 'completed' });
      this.jobs.inc({ queue, job, outcome: 'completed' });
      return result;
    } catch (error) {
      stop({ outcome: 'failed' });
      this.jobs.inc({ queue, job, outcome: 'failed' });
      throw error;
    }
  }

  countAccrued(accounts: number): void {
    if (accounts > 0) this.accrued.inc(accounts);
  }

  countPaidOut(withdrawals: number): void {
    if (withdrawals > 0) this.paidOut.inc(withdrawals);
  }
}
