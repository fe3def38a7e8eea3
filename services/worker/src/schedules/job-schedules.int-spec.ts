import type { INestApplicationContext } from '@nestjs/common';
import { JobNames, SchedulerIds, latestDueDate, latestPayoutDate } from '@savings/application';
import { resetDatabase } from '@savings/testing';
import { obliterateQueues, queuesOf, startWorker, waitFor, workerTestConfig } from '../testing/worker-test-kit';

describe('job schedules', () => {
  let worker: INestApplicationContext;

  afterAll(() => worker?.close());

  it('declares the daily and monthly schedulers in APP_TIMEZONE and catches up at start-up', async () => {
    await resetDatabase();
    const config = workerTestConfig({
      APP_TIMEZONE: 'Europe/Rome',
      DAILY_INTEREST_TIME: '10:00',
      MONTHLY_PAYOUT_TIME: '09:30',
    });
    // a first worker without schedules only to clear what an earlier run left under this prefix
    const cleaner = await startWorker(config);
    await obliterateQueues(cleaner);
    await cleaner.close();

    worker = await startWorker(config, { schedules: true });
    const { interest, payouts } = queuesOf(worker);
    const daily = await interest.getJobScheduler(SchedulerIds.dailyInterest);
    expect(daily).toMatchObject({ name: JobNames.dailyInterest, pattern: '0 10 * * *', tz: 'Europe/Rome' });
    const monthly = await payouts.getJobScheduler(SchedulerIds.monthlyWithdrawals);
    expect(monthly).toMatchObject({ name: JobNames.monthlyWithdrawals, pattern: '30 9 1 * *', tz: 'Europe/Rome' });
    // the next monthly run is on a 1st at 09:30 in Rome
    const next = new Date(monthly?.next ?? 0);
    const rome = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(rome).toBe('01, 09:30');

    // the start-up tick: the latest due date (today after 10:00 in Rome, else yesterday) is accrued
    const tick = (await interest.getJobs(['completed', 'active', 'waiting'])).find(
      (job) => job.name === JobNames.dailyInterest,
    );
    expect(tick).toBeDefined();
    const due = latestDueDate(new Date(), 'Europe/Rome', '10:00');
    await waitFor(async () => (await tick?.getState()) === 'completed', 'the start-up tick');
    const finished = await interest.getJob(tick?.id as string);
    expect(finished?.returnvalue).toMatchObject({ until: due, date: due });

    // and the latest payout date (a 1st) is paid out as of its own date, in case the worker missed it
    const payoutDate = latestPayoutDate(new Date(), 'Europe/Rome', '09:30');
    const payout = await payouts.getJob(`payout-catch-up-${payoutDate}`);
    expect(payout?.data).toEqual({ date: payoutDate });
    await waitFor(async () => (await payout?.getState()) === 'completed', 'the start-up payout');
    expect((await payouts.getJob(payout?.id as string))?.returnvalue).toMatchObject({ date: payoutDate, paidOut: 0 });

    // declaring again (a second worker, a restart) keeps one scheduler per job
    const again = await startWorker(config, { schedules: true });
    expect(await interest.getJobSchedulersCount()).toBe(1);
    expect(await payouts.getJobSchedulersCount()).toBe(1);
    // ... and does not queue the same payout catch-up twice
    const catchUps = (await payouts.getJobs(['completed', 'active', 'waiting', 'delayed'])).filter((job) =>
      job.id?.startsWith('payout-catch-up-'),
    );
    expect(catchUps).toHaveLength(1);
    await again.close();
  });
});
