import { DomainError } from '@savings/domain';
import type { AppConfig } from '@savings/config';
import { isCalendarDate, latestDueDate, latestPayoutDate } from './job-dates';
import type {
  DailyInterestJobData,
  InterestBatchJobData,
  InterestDateJobData,
  MonthlyWithdrawalsJobData,
} from './job-queues';

/**
 * Job payloads read as untrusted input (api-contract.md section 10): anyone who can write to Redis, or
 * a queue dashboard that still took actions, could have added the job. Each parser takes the raw data
 * and the instant the jobs take as now, and returns the typed payload or refuses with one sentence:
 * exactly the expected fields, calendar dates, no date whose time has not come, whole positive ids.
 * What a payload must also agree with in the database (a batch range the run planned) is checked by
 * the use case that runs it.
 */

/** The instant the jobs take as now: the clock, or JOBS_CLOCK_AT in tests (refused elsewhere at boot). */
export function jobsNow(config: AppConfig): Date {
  return config.jobsClockAt ?? new Date();
}

function refuse(sentence: string): never {
  throw new DomainError('JOBS.INVALID_PAYLOAD', 'invalid', sentence);
}

function fields(data: unknown, job: string, allowed: readonly string[]): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    refuse(`This ${job} job needs an object payload.`);
  // the unknown name is not echoed: it is the sender's text
  if (Object.keys(data).some((key) => !allowed.includes(key))) refuse(`This ${job} job has a field it does not take.`);
  return data as Record<string, unknown>;
}

function date(value: unknown, job: string, field: string): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) {
    refuse(`The ${field} of this ${job} job is not a date (YYYY-MM-DD).`);
  }
  return value;
}

function userId(value: unknown, job: string, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    refuse(`The ${field} of this ${job} job is not a whole number of at least 0.`);
  }
  return value;
}

/** An accrual date must have reached its credit time (DAILY_INTEREST_TIME) in APP_TIMEZONE. */
function dueAccrualDate(value: string, job: string, config: AppConfig, now: Date): string {
  const latest = latestDueDate(now, config.appTimezone, config.dailyInterestTime);
  if (value > latest) refuse(`This ${job} job for ${value} is refused: interest is due up to ${latest} only.`);
  return value;
}

export function parseDailyInterestJob(data: unknown, config: AppConfig, now: Date): DailyInterestJobData {
  const job = 'daily-interest';
  const raw = fields(data, job, ['until']);
  if (raw.until === undefined) return {};
  return { until: dueAccrualDate(date(raw.until, job, 'until'), job, config, now) };
}

export function parseInterestBatchJob(data: unknown, config: AppConfig, now: Date): InterestBatchJobData {
  const job = 'interest-batch';
  const raw = fields(data, job, ['date', 'fromUserId', 'toUserId']);
  const batchDate = dueAccrualDate(date(raw.date, job, 'date'), job, config, now);
  const fromUserId = userId(raw.fromUserId, job, 'fromUserId');
  const toUserId = userId(raw.toUserId, job, 'toUserId');
  if (toUserId <= fromUserId) refuse(`This interest-batch job's range [${fromUserId}, ${toUserId}) is empty.`);
  return { date: batchDate, fromUserId, toUserId };
}

export function parseInterestDateJob(data: unknown, config: AppConfig, now: Date): InterestDateJobData {
  const job = 'interest-date';
  const raw = fields(data, job, ['date', 'until']);
  const until = dueAccrualDate(date(raw.until, job, 'until'), job, config, now);
  const closing = date(raw.date, job, 'date');
  if (closing > until) refuse(`This interest-date job closes ${closing}, after its last date ${until}.`);
  return { date: closing, until };
}

/**
 * A payout date is the 1st of a month whose payout time (MONTHLY_PAYOUT_TIME) has come: a job dated
 * any other day would pay a month's withdrawals early. No date: the latest such 1st.
 */
export function parseMonthlyWithdrawalsJob(
  data: unknown,
  config: AppConfig,
  now: Date,
): Required<MonthlyWithdrawalsJobData> {
  const job = 'monthly-withdrawals';
  const raw = fields(data, job, ['date']);
  const latest = latestPayoutDate(now, config.appTimezone, config.monthlyPayoutTime);
  if (raw.date === undefined) return { date: latest };
  const payoutDate = date(raw.date, job, 'date');
  if (!payoutDate.endsWith('-01'))
    refuse(`This monthly-withdrawals job for ${payoutDate} is refused: payouts run on the 1st.`);
  if (payoutDate > latest) {
    refuse(`This monthly-withdrawals job for ${payoutDate} is refused: the latest payout due is ${latest}.`);
  }
  return { date: payoutDate };
}
