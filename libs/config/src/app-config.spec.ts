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
      mail: true,
      mailRelayIntervalMs: 1000,
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
      ['WORKER_MAIL', 'maybe'],
      ['MAIL_RELAY_INTERVAL_MS', '0'],
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

  it('reads the mail settings and the banking cooling-off', () => {
    expect(loadConfig({}).mail).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:1025',
      smtpConfigured: false,
      linkOrigin: 'http://localhost:3000',
      leaseMs: 120_000,
    });
    expect(loadConfig({}).bankingCooldownHours).toBe(48);
    expect(loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465' }).mail.smtpConfigured).toBe(true);
    for (const [name, value] of [
      ['SMTP_URL', 'http://mail.example.com'],
      ['MAIL_FROM', 'not an address'],
      ['MAIL_LEASE_MS', '0'],
      ['BANKING_COOLDOWN_HOURS', '-1'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});

describe('two-factor settings', () => {
  it('makes two-factor sign-in optional for staff unless STAFF_MFA=required', () => {
    expect(loadConfig({}).staffMfa).toBe('optional');
    expect(loadConfig({ STAFF_MFA: 'required' }).staffMfa).toBe('required');
    expect(() => loadConfig({ STAFF_MFA: 'yes' })).toThrow(/STAFF_MFA must be optional or required/);
  });

  it('reads MFA_SECRET_KEY as 32 bytes in hex or base64, and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ MFA_SECRET_KEY: hex }).mfaSecretKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ MFA_SECRET_KEY: base64 }).mfaSecretKey).toEqual(Buffer.alloc(32, 7));
    for (const value of ['ab'.repeat(16), 'not a key', Buffer.alloc(31).toString('base64')]) {
      expect(() => loadConfig({ MFA_SECRET_KEY: value })).toThrow(/MFA_SECRET_KEY/);
    }
  });

  it('derives a separate key from SESSION_SECRET when MFA_SECRET_KEY is unset', () => {
    const one = loadConfig({ SESSION_SECRET: 'x'.repeat(40) }).mfaSecretKey;
    expect(one).toHaveLength(32);
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(40) }).mfaSecretKey).toEqual(one);
    expect(loadConfig({ SESSION_SECRET: 'y'.repeat(40) }).mfaSecretKey).not.toEqual(one);
    expect(one.toString('utf8')).not.toContain('x'.repeat(8));
  });

  describe('REDIS_SENTINELS and REDIS_SENTINEL_NAME', () => {
    it('are off by default: REDIS_URL is the server', () => {
      expect(loadConfig({}).redisSentinel).toBeNull();
    });

    it('name the sentinels and the master group, IPv6 included', () => {
      const config = loadConfig({
        REDIS_SENTINELS: '127.0.0.1:26481, sentinel-2.local:26379,[::1]:26483',
        REDIS_SENTINEL_NAME: 'savings',
      });
      expect(config.redisSentinel).toEqual({
        sentinels: [
          { host: '127.0.0.1', port: 26481 },
          { host: 'sentinel-2.local', port: 26379 },
          { host: '::1', port: 26483 },
        ],
        name: 'savings',
      });
    });

    it('go together, and refuse entries that are not host:port', () => {
      expect(() => loadConfig({ REDIS_SENTINELS: '127.0.0.1:26481' })).toThrow(/go together/);
      expect(() => loadConfig({ REDIS_SENTINEL_NAME: 'savings' })).toThrow(/go together/);
      expect(() => loadConfig({ REDIS_SENTINELS: '127.0.0.1', REDIS_SENTINEL_NAME: 'savings' })).toThrow(
        /"127.0.0.1" must be host:port/,
      );
      expect(() => loadConfig({ REDIS_SENTINELS: 'a:99999', REDIS_SENTINEL_NAME: 'savings' })).toThrow(/host:port/);
      expect(() => loadConfig({ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_NAME: 'bad name' })).toThrow(/master name/);
    });
  });

  describe('BACKUP_REPO and BACKUP_SCHEDULE', () => {
    it('take no backups without a repository, and schedule them daily at 02:00 by default', () => {
      expect(loadConfig({}).backup).toEqual({ repo: null, schedule: '0 2 * * *' });
      expect(loadConfig({ BACKUP_REPO: '/srv/backups', BACKUP_SCHEDULE: '30 1 * * 1-5' }).backup).toEqual({
        repo: '/srv/backups',
        schedule: '30 1 * * 1-5',
      });
      expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeNull();
    });

    it('refuse a relative repository and a schedule that is not a cron pattern', () => {
      expect(() => loadConfig({ BACKUP_REPO: 'backups' })).toThrow(/BACKUP_REPO must be an absolute folder path/);
      expect(() => loadConfig({ BACKUP_SCHEDULE: 'daily' })).toThrow(/BACKUP_SCHEDULE must be a cron pattern/);
      expect(() => loadConfig({ BACKUP_SCHEDULE: '0 2 * *' })).toThrow(/BACKUP_SCHEDULE must be a cron pattern/);
    });
  });
});

describe('the banking-fingerprint key (api-contract.md section 15)', () => {
  it('reads BANKING_FINGERPRINT_KEY as 32 bytes in hex or base64, and refuses anything else at boot', () => {
    const hex = 'cd'.repeat(32);
    expect(loadConfig({ BANKING_FINGERPRINT_KEY: hex }).bankingFingerprintKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ BANKING_FINGERPRINT_KEY: base64 }).bankingFingerprintKey).toEqual(Buffer.alloc(32, 9));
    for (const value of ['cd'.repeat(31), 'not a key', Buffer.alloc(33).toString('base64')]) {
      expect(() => loadConfig({ BANKING_FINGERPRINT_KEY: value })).toThrow(/BANKING_FINGERPRINT_KEY must be 32 bytes/);
    }
  });

  it('is derived from SESSION_SECRET when unset: stable, and a key of its own (not the MFA key)', () => {
    const config = loadConfig({ SESSION_SECRET: 'z'.repeat(40) });
    expect(config.bankingFingerprintKey).toHaveLength(32);
    expect(loadConfig({ SESSION_SECRET: 'z'.repeat(40) }).bankingFingerprintKey).toEqual(config.bankingFingerprintKey);
    expect(config.bankingFingerprintKey).not.toEqual(config.mfaSecretKey);
    // production takes the derived key only from a private SESSION_SECRET (which it requires)
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET must be set/);
  });
});
