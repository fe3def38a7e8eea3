import { ConfigError, DEVELOPMENT_SESSION_SECRET, loadConfig, redactUrl } from './app-config';

describe('loadConfig', () => {
  it('gives safe local defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/savings');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.appTimezone).toBe('UTC');
    expect(config.publicOrigins).toEqual(['http://localhost:3000']);
    expect(config.dailyInterestTime).toBe('10:00');
  });

  it('writes no payout copy unless PAYOUT_DIR names a folder (the files live in PostgreSQL)', () => {
    expect(loadConfig({}).payoutDir).toBeNull();
    expect(loadConfig({ PAYOUT_DIR: '' }).payoutDir).toBeNull();
    expect(loadConfig({ PAYOUT_DIR: '/srv/bank-out' }).payoutDir).toBe('/srv/bank-out');
  });

  it('takes JOBS_CLOCK_AT in tests only', () => {
    expect(loadConfig({}).jobsClockAt).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', JOBS_CLOCK_AT: '2027-01-01T09:30:00Z' }).jobsClockAt).toEqual(
      new Date('2027-01-01T09:30:00Z'),
    );
    expect(() => loadConfig({ JOBS_CLOCK_AT: '2027-01-01T09:30:00Z' })).toThrow(/JOBS_CLOCK_AT is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'test', JOBS_CLOCK_AT: 'soon' })).toThrow(/ISO-8601/);
  });

  it('refuses production with the development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: DEVELOPMENT_SESSION_SECRET })).toThrow(
      /SESSION_SECRET/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).nodeEnv).toBe('production');
  });

  it('names every invalid setting in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', APP_TIMEZONE: 'Mars/Base', REDIS_URL: 'http://x' })).toThrow(
      /PORT.*APP_TIMEZONE.*REDIS_URL|PORT.*REDIS_URL.*APP_TIMEZONE/,
    );
  });

  it('limits account opening to 20 an hour per address unless told otherwise', () => {
    expect(loadConfig({}).registrationsPerAddressPerHour).toBe(20);
    expect(loadConfig({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '5' }).registrationsPerAddressPerHour).toBe(5);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: value })).toThrow(
        /REGISTRATIONS_PER_ADDRESS_PER_HOUR/,
      );
    }
  });

  it('trusts no proxy unless TRUST_PROXY says which (hop count or addresses), and never "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.168.1.5, fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
    ]);
    for (const value of ['true', 'nginx', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', 'loopback,', '101']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });

  it('validates the worker settings instead of falling back silently', () => {
    expect(loadConfig({}).worker).toEqual({
      concurrency: 2,
      lockMs: 30_000,
      metricsPort: 9464,
      interestBatchSize: 5000,
      schedules: true,
      sealIntervalMs: 60_000,
    });
    expect(
      loadConfig({
        WORKER_CONCURRENCY: '4',
        WORKER_SCHEDULES: 'off',
        LEDGER_SEAL_INTERVAL_MS: '0',
        WORKER_METRICS_PORT: '0',
      }).worker,
    ).toMatchObject({ concurrency: 4, schedules: false, sealIntervalMs: 0, metricsPort: 0 });
    for (const [name, value] of [
      ['WORKER_CONCURRENCY', 'two'],
      ['WORKER_CONCURRENCY', '0'],
      ['WORKER_LOCK_MS', '-5'],
      ['INTEREST_BATCH_SIZE', '1.5'],
      ['WORKER_METRICS_PORT', '70000'],
      ['WORKER_SCHEDULES', 'maybe'],
      ['LEDGER_SEAL_INTERVAL_MS', 'soon'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    }
  });

  it('reads FOUR_EYES_THRESHOLD exactly: 10000 USD by default, 0 for every move, off for none', () => {
    expect(loadConfig({}).fourEyesThresholdCents).toBe(1_000_000n);
    expect(loadConfig({ FOUR_EYES_THRESHOLD: '0' }).fourEyesThresholdCents).toBe(0n);
    expect(loadConfig({ FOUR_EYES_THRESHOLD: 'off' }).fourEyesThresholdCents).toBeNull();
    expect(loadConfig({ FOUR_EYES_THRESHOLD: '2500.5' }).fourEyesThresholdCents).toBe(250_050n);
    for (const value of ['-1', '10,000', '1e4', '100.001', 'none', 'Infinity']) {
      expect(() => loadConfig({ FOUR_EYES_THRESHOLD: value })).toThrow(/FOUR_EYES_THRESHOLD/);
    }
  });

  it('splits PUBLIC_ORIGIN on commas', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://a.test, https://b.test/' }).publicOrigins).toEqual([
      'http://a.test',
      'https://b.test',
    ]);
  });

  it('hides passwords in URLs', () => {
    expect(redactUrl('postgresql://u:secret@h:5432/db')).toBe('postgresql://u:***@h:5432/db');
  });
});
