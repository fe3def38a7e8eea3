import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '@savings/config';
import {
  InterestRunService,
  PayoutRunService,
  isCalendarDate,
  todayIn,
  type BatchProgress,
} from '@savings/application';
import { Money, WithdrawalReturnMessages } from '@savings/domain';
import { parseArgs, UsageError, type CliCommand } from '../command';
import { openJobsContext } from './jobs-context';

const USAGE = 'Usage: npm run jobs -- daily-interest|monthly-withdrawals [--date YYYY-MM-DD] [--allow-future]';

export interface JobsCommandIo {
  log(line: string): void;
  /** Opens the application (the tests pass their own). */
  open(config: AppConfig): Promise<INestApplicationContext>;
}

const consoleIo: JobsCommandIo = { log: (line) => console.log(line), open: openJobsContext };

/**
 * `jobs daily-interest|monthly-withdrawals [--date D] [--allow-future]`: the scheduled jobs run by
 * hand, through the same orchestration as the worker (InterestRunService, PayoutRunService), in this
 * process, with a line per batch. SIGTERM or Ctrl-C stops after the batch in flight; running the
 * command again completes the rest.
 */
export function createJobsCommand(io: JobsCommandIo = consoleIo): CliCommand {
  return {
    name: 'jobs',
    summary: 'daily-interest | monthly-withdrawals [--date YYYY-MM-DD] [--allow-future]',
    async run(args, config) {
      const { flags, positional } = parseArgs(args);
      const [job] = positional;
      if (job !== 'daily-interest' && job !== 'monthly-withdrawals') throw new UsageError(USAGE);
      const today = todayIn(config.appTimezone);
      const date = flags.get('date') ?? today;
      if (typeof date !== 'string' || !isCalendarDate(date)) {
        throw new UsageError(`--date must be a calendar date YYYY-MM-DD. ${USAGE}`);
      }
      if (date > today && !flags.has('allow-future')) {
        throw new UsageError(
          `${date} is after today (${today} in ${config.appTimezone}); add --allow-future to run it anyway.`,
        );
      }
      const app = await io.open(config);
      let stopping = false;
      const stop = (): void => {
        if (!stopping) io.log('Stopping after the batch in flight (run again to complete the rest)...');
        stopping = true;
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      try {
        return job === 'daily-interest'
          ? await dailyInterest(app, date, io, () => stopping)
          : await monthlyWithdrawals(app, date, io);
      } finally {
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
        await app.close();
      }
    },
  };
}

async function dailyInterest(
  app: INestApplicationContext,
  until: string,
  io: JobsCommandIo,
  shouldStop: () => boolean,
): Promise<number> {
  const runs = app.get(InterestRunService);
  const started = Date.now();
  const result = await runs.runThrough(
    until,
    { actor: { kind: 'job', id: 'daily-interest' }, correlationId: `interest-cli-${until}-${started}` },
    {
      shouldStop,
      onDateStart: (plan) =>
        io.log(
          `Interest ${plan.date}: ${plan.batches.length} batches` +
            (plan.completed ? ' (already completed: checking again)' : `, ${plan.pending.length} to run`),
        ),
      onBatch: (progress: BatchProgress) => io.log(batchLine(progress)),
    },
  );
  for (const summary of result.dates) {
    io.log(
      `Interest ${summary.date} ${summary.status}: ${summary.accounts} accounts credited, ` +
        `${Money.format(summary.creditedCents)} USD in total (${summary.batches} batches)`,
    );
  }
  io.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.stopped ? 130 : 0;
}

function batchLine({ outcome, done, total }: BatchProgress): string {
  const width = 20;
  const filled = Math.round((done / total) * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return (
    `  [${bar}] ${done}/${total} users [${outcome.fromUserId}, ${outcome.toUserId}): ` +
    `${outcome.accrued} accrued, ${outcome.alreadyAccrued} already, +${Money.format(outcome.creditedCents)}`
  );
}

async function monthlyWithdrawals(app: INestApplicationContext, date: string, io: JobsCommandIo): Promise<number> {
  const payouts = app.get(PayoutRunService);
  const result = await payouts.run(
    date,
    { actor: { kind: 'job', id: 'monthly-withdrawals' }, correlationId: `payout-cli-${date}-${Date.now()}` },
    {
      onPaid: (done, total, withdrawalId, paid) =>
        io.log(`  ${done}/${total} withdrawal ${withdrawalId} ${paid ? 'paid out' : 'left out'}`),
    },
  );
  if (result.files.length === 0) io.log(`Payout ${date}: no approved withdrawals to pay out.`);
  for (const file of result.files) {
    io.log(
      `Payout file ${file.id} (${file.payoutDate}): ${file.withdrawalCount} withdrawals, ` +
        `${Money.format(file.totalCents)} USD, stored (CSV sha256 ${file.sha256.csv}, XML sha256 ${file.sha256.xml})`,
    );
  }
  for (const left of result.leftOut) {
    io.log(
      `Left out: withdrawal ${left.withdrawalId} of user ${left.userId} (${Money.format(left.amountCents)} USD): ` +
        `${WithdrawalReturnMessages[left.reason]} It is pending again.`,
    );
  }
  return 0;
}

export const jobsCommand = createJobsCommand();
