import type { ConnectionOptions, DefaultJobOptions } from 'bullmq';
import type { AppConfig } from '@savings/config';
import { redisOptions } from '../platform/redis';

/** Queue and job names shared by the worker (processors), the API (dashboard) and the tests. */
export const INTEREST_QUEUE = 'interest';
export const PAYOUTS_QUEUE = 'payouts';
/** One job per outbox message (docs/decisions/0026-mail-outbox.md). */
export const MAIL_QUEUE = 'mail';
/** pgBackRest backups on BACKUP_SCHEDULE (libs/application/src/backups). */
export const BACKUPS_QUEUE = 'backups';
/** The flow producer that turns an accrual date into a parent job and its batch children. */
export const INTEREST_FLOW = 'interest-flow';

export const JobNames = {
  /** Decides which accrual date is due next and dispatches its batches (scheduled daily). */
  dailyInterest: 'daily-interest',
  /** Parent of one date's batches: runs once they all completed, closes the date, moves on. */
  interestDate: 'interest-date',
  /** One range of user ids for one accrual date. */
  interestBatch: 'interest-batch',
  monthlyWithdrawals: 'monthly-withdrawals',
  /** Sends one outbox message. */
  sendMail: 'send-mail',
  /** Puts the monthly interest mail of the month that ended in the outbox (scheduled on the 1st). */
  monthlyInterestSummary: 'monthly-interest-summary',
  /** A full or differential backup of the database (BACKUP_REPO). */
  backup: 'backup',
} as const;

export const SchedulerIds = {
  dailyInterest: 'daily-interest-schedule',
  monthlyWithdrawals: 'monthly-withdrawals-schedule',
  monthlyInterestSummary: 'monthly-interest-summary-schedule',
  backup: 'backup-schedule',
} as const;

/** Failed jobs are retried with exponential backoff and kept for inspection in the dashboard. */
export const defaultJobOptions: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 5000 },
  removeOnFail: false,
};

/**
 * A message is tried for about half an hour (2 s doubling, 10 attempts) before it is recorded as
 * failed; the job id names the message, so one message never has two jobs.
 */
export const mailJobOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10000 },
  removeOnFail: false,
} as const;

/**
 * The job of one outbox row: its id and when it was written, so a database restored or recreated
 * (ids counted again from 1) never meets a finished job of another row under the same job id
 * (BullMQ keeps finished jobs, and adding a job whose id exists does nothing).
 */
export function mailJobId(outboxId: number, createdAtMicros: string): string {
  return `mail-${outboxId}-${createdAtMicros}`;
}

export interface SendMailJobData {
  outboxId: number;
}

export interface MonthlyInterestSummaryJobData {
  /** YYYY-MM; absent for the scheduled run: the month that just ended. */
  month?: string;
}

export interface DailyInterestJobData {
  /** Last date to accrue; absent for the scheduled run (the latest date whose credit time has passed). */
  until?: string;
}

export interface InterestBatchJobData {
  date: string;
  fromUserId: number;
  toUserId: number;
}

export interface InterestDateJobData {
  date: string;
  /** the date the flow's chain runs up to */
  until: string;
}

export interface MonthlyWithdrawalsJobData {
  /** Absent for the scheduled run: today in APP_TIMEZONE. */
  date?: string;
}

/**
 * BullMQ's Redis connection: REDIS_URL's server or the sentinels' master (platform/redis.ts). BullMQ
 * needs maxRetriesPerRequest: null, so its blocking commands wait through a failover instead of failing.
 */
export function bullConnection(config: AppConfig): ConnectionOptions {
  // the same ioredis options; BullMQ types them loosely (its own RedisOptions interface)
  const options: Record<string, unknown> = { ...redisOptions(config), maxRetriesPerRequest: null };
  return options;
}
