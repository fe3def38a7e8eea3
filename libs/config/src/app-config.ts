import { hkdfSync } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Configuration is read from the environment once, validated, and handed around as a typed object.
 * Every setting has a safe local default, except that production refuses the development secret.
 */
export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /**
   * REDIS_SENTINELS (host:port,...) and REDIS_SENTINEL_NAME: Redis found through its sentinels, which
   * then replace REDIS_URL's host and port for every client (sessions, rate limits, BullMQ); null: REDIS_URL.
   */
  redisSentinel: RedisSentinelSettings | null;
  appTimezone: string;
  sessionSecret: string;
  publicOrigins: string[];
  /** Local time of day (HH:MM, APP_TIMEZONE) the daily interest is credited. */
  dailyInterestTime: string;
  /** Local time of day (HH:MM, APP_TIMEZONE) the monthly payout runs on the 1st. */
  monthlyPayoutTime: string;
  /** Prefix of every BullMQ key, so tests and benchmarks never touch the product's queues. */
  queuePrefix: string;
  /** PAYOUT_DIR: a folder that receives a copy of each payout file (they live in PostgreSQL); null: none. */
  payoutDir: string | null;
  /**
   * JOBS_CLOCK_AT (tests only, refused otherwise): the instant job processors take as now when they
   * judge a payload's date, so a test can run the jobs of a future date through the queue. Only the
   * judging: which dates are due by themselves (scheduled ticks, catching up) still follows the clock.
   */
  jobsClockAt: Date | null;
  logLevel: string;
  webDistDir: string | null;
  /** Accounts one client address may open within an hour (each costs a password hash). */
  registrationsPerAddressPerHour: number;
  /**
   * Which proxies in front of the API to believe about the client address (Express `trust proxy`):
   * `false` (the socket's address is the client's), a hop count, or addresses/CIDRs and the names
   * loopback, linklocal, uniquelocal. Every per-address limit reads the address this gives.
   */
  trustProxy: TrustProxy;
  /** STAFF_MFA: `required` refuses admin and audit routes to staff without two-factor sign-in. */
  staffMfa: 'optional' | 'required';
  /**
   * The AES-256-GCM key (32 bytes) that seals TOTP secrets at rest: MFA_SECRET_KEY (64 hex digits or
   * base64), else derived from SESSION_SECRET with HKDF (ADR 0023).
   */
  mfaSecretKey: Buffer;
  /**
   * The HMAC-SHA-256 key (32 bytes) of banking-detail fingerprints: an approved withdrawal records the
   * fingerprint of the details it was approved for, and is paid only to details with the same one
   * (api-contract.md section 15). BANKING_FINGERPRINT_KEY, else derived from SESSION_SECRET with HKDF.
   */
  bankingFingerprintKey: Buffer;
  /**
   * FOUR_EYES_THRESHOLD in cents: an admin money move of at least this amount waits for a second
   * admin's approval (api-contract.md section 9). 0: every admin move; null (`off`): none.
   */
  fourEyesThresholdCents: bigint | null;
  worker: WorkerSettings;
  mail: MailSettings;
  /** BANKING_COOLDOWN_HOURS: withdrawals to banking details changed this recently wait for approval. */
  bankingCooldownHours: number;
  backup: BackupSettings;
}

/** Backups with pgBackRest (api-contract.md section 16; README "Backups and restore to any instant"). */
export interface BackupSettings {
  /** BACKUP_REPO: the repository folder, holding its pgbackrest.conf; null: the worker takes no backups. */
  repo: string | null;
  /** BACKUP_SCHEDULE: cron pattern (APP_TIMEZONE) of the worker's backups; null (`off`): none. */
  schedule: string | null;
}

export interface RedisSentinelSettings {
  sentinels: { host: string; port: number }[];
  /** the master group name the sentinels monitor */
  name: string;
}

/** Outgoing mail (api-contract.md section 14). */
export interface MailSettings {
  /** SMTP_URL: smtp://[user:pass@]host:port (STARTTLS when offered) or smtps:// (TLS from the start). */
  smtpUrl: string;
  /** whether SMTP_URL was given (else the local catcher's default) */
  smtpConfigured: boolean;
  /** MAIL_FROM: the From header, e.g. `Savings <no-reply@example.com>`. */
  from: string;
  /** Where links in mails point (the first PUBLIC_ORIGIN). */
  linkOrigin: string;
  /**
   * MAIL_LEASE_MS: how long a sender holds a message it is sending. The SMTP timeouts end an attempt
   * well within it, so a message is never sent by two senders at once; a killed sender's message is
   * taken up again after it.
   */
  leaseMs: number;
}

/** The background worker's settings (services/worker). */
export interface WorkerSettings {
  /** WORKER_CONCURRENCY: interest batches one worker process runs at once. */
  concurrency: number;
  /** WORKER_LOCK_MS: how long a job stays locked to its worker (a killed worker's job is taken over after it). */
  lockMs: number;
  /** WORKER_METRICS_PORT: Prometheus metrics; 0 serves none. */
  metricsPort: number;
  /** INTEREST_BATCH_SIZE: user ids per interest batch job. */
  interestBatchSize: number;
  /** WORKER_SCHEDULES=off leaves the 10:00 and 1st-of-month schedules and start-up catch-up out. */
  schedules: boolean;
  /** LEDGER_SEAL_INTERVAL_MS: how often new ledger events are sealed into blocks; 0 never. */
  sealIntervalMs: number;
  /** WORKER_MAIL=off: this worker neither relays the mail outbox to jobs nor sends mail. */
  mail: boolean;
  /** MAIL_RELAY_INTERVAL_MS: how often the outbox is read for new messages. */
  mailRelayIntervalMs: number;
}

export type TrustProxy = false | number | string[];

export const DEVELOPMENT_SESSION_SECRET = 'local-development-secret-change-me';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (!['development', 'test', 'production'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, test or production (got "${nodeEnv}")`);
  }

  const port = parsePort(env.PORT, 3000, 'PORT', problems);
  const databaseUrl = parseUrl(
    env.DATABASE_URL,
    'postgresql://postgres@127.0.0.1:5432/savings',
    ['postgres:', 'postgresql:'],
    'DATABASE_URL',
    problems,
  );
  const redisUrl = parseUrl(env.REDIS_URL, 'redis://127.0.0.1:6379', ['redis:', 'rediss:'], 'REDIS_URL', problems);
  const redisSentinel = parseRedisSentinel(env.REDIS_SENTINELS, env.REDIS_SENTINEL_NAME, problems);

  const appTimezone = env.APP_TIMEZONE ?? 'UTC';
  if (!isValidTimezone(appTimezone)) problems.push(`APP_TIMEZONE "${appTimezone}" is not an IANA time zone`);

  const sessionSecret = env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET;
  if (nodeEnv === 'production' && (sessionSecret === DEVELOPMENT_SESSION_SECRET || sessionSecret.length < 32)) {
    problems.push('SESSION_SECRET must be set to a private value of at least 32 characters in production');
  }

  const publicOrigins = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`)
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of publicOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin))
      problems.push(`PUBLIC_ORIGIN entry "${origin}" must look like https://host[:port]`);
  }

  const dailyInterestTime = parseTime(env.DAILY_INTEREST_TIME, '10:00', 'DAILY_INTEREST_TIME', problems);
  const monthlyPayoutTime = parseTime(env.MONTHLY_PAYOUT_TIME, '09:00', 'MONTHLY_PAYOUT_TIME', problems);
  const registrationsPerAddressPerHour = parsePositiveInteger(
    env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    20,
    'REGISTRATIONS_PER_ADDRESS_PER_HOUR',
    problems,
  );

  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const staffMfa = parseChoice(env.STAFF_MFA, ['optional', 'required'] as const, 'optional', 'STAFF_MFA', problems);
  const mfaSecretKey = parseSecretKey('MFA_SECRET_KEY', env.MFA_SECRET_KEY, sessionSecret, problems);
  const bankingFingerprintKey = parseSecretKey(
    'BANKING_FINGERPRINT_KEY',
    env.BANKING_FINGERPRINT_KEY,
    sessionSecret,
    problems,
  );
  const fourEyesThresholdCents = parseFourEyesThreshold(env.FOUR_EYES_THRESHOLD, problems);
  const worker: WorkerSettings = {
    concurrency: parsePositiveInteger(env.WORKER_CONCURRENCY, 2, 'WORKER_CONCURRENCY', problems),
    lockMs: parsePositiveInteger(env.WORKER_LOCK_MS, 30_000, 'WORKER_LOCK_MS', problems),
    metricsPort: parsePort(env.WORKER_METRICS_PORT, 9464, 'WORKER_METRICS_PORT', problems),
    interestBatchSize: parsePositiveInteger(env.INTEREST_BATCH_SIZE, 5000, 'INTEREST_BATCH_SIZE', problems),
    schedules: parseSwitch(env.WORKER_SCHEDULES, true, 'WORKER_SCHEDULES', problems),
    sealIntervalMs: parseNonNegativeInteger(env.LEDGER_SEAL_INTERVAL_MS, 60_000, 'LEDGER_SEAL_INTERVAL_MS', problems),
    mail: parseSwitch(env.WORKER_MAIL, true, 'WORKER_MAIL', problems),
    mailRelayIntervalMs: parsePositiveInteger(env.MAIL_RELAY_INTERVAL_MS, 1000, 'MAIL_RELAY_INTERVAL_MS', problems),
  };

  // unset, mail goes to a local catcher (npm start runs one); a production worker warns about it
  const mail: MailSettings = {
    smtpConfigured: Boolean(env.SMTP_URL),
    smtpUrl: parseUrl(env.SMTP_URL, 'smtp://127.0.0.1:1025', ['smtp:', 'smtps:'], 'SMTP_URL', problems),
    from: env.MAIL_FROM ?? 'Savings <no-reply@savings.localhost>',
    linkOrigin: publicOrigins[0] ?? `http://localhost:${port}`,
    leaseMs: parsePositiveInteger(env.MAIL_LEASE_MS, 120_000, 'MAIL_LEASE_MS', problems),
  };
  if (!/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(mail.from)) {
    problems.push(`MAIL_FROM must be an address or "Name <address>" (got "${mail.from}")`);
  }
  const bankingCooldownHours = parseNonNegativeInteger(
    env.BANKING_COOLDOWN_HOURS,
    48,
    'BANKING_COOLDOWN_HOURS',
    problems,
  );
  const backup: BackupSettings = {
    repo: env.BACKUP_REPO ? env.BACKUP_REPO : null,
    schedule: parseCronPattern(env.BACKUP_SCHEDULE, DEFAULT_BACKUP_SCHEDULE, 'BACKUP_SCHEDULE', problems),
  };
  if (backup.repo !== null && !backup.repo.startsWith('/')) {
    problems.push(`BACKUP_REPO must be an absolute folder path (got "${backup.repo}")`);
  }
  let jobsClockAt: Date | null = null;
  if (env.JOBS_CLOCK_AT) {
    jobsClockAt = new Date(env.JOBS_CLOCK_AT);
    if (nodeEnv !== 'test') problems.push('JOBS_CLOCK_AT is for tests only (NODE_ENV=test)');
    else if (Number.isNaN(jobsClockAt.getTime())) problems.push('JOBS_CLOCK_AT must be an ISO-8601 instant');
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  return {
    nodeEnv,
    port,
    databaseUrl,
    redisUrl,
    redisSentinel,
    appTimezone,
    sessionSecret,
    publicOrigins,
    dailyInterestTime,
    monthlyPayoutTime,
    queuePrefix: env.QUEUE_PREFIX ?? 'savings',
    payoutDir: env.PAYOUT_DIR ? env.PAYOUT_DIR : null,
    jobsClockAt,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: env.WEB_DIST_DIR ?? null,
    registrationsPerAddressPerHour,
    trustProxy,
    staffMfa,
    mfaSecretKey,
    bankingFingerprintKey,
    fourEyesThresholdCents,
    worker,
    mail,
    bankingCooldownHours,
    backup,
  };
}

/** BACKUP_SCHEDULE's default: every day at 02:00 (APP_TIMEZONE). */
export const DEFAULT_BACKUP_SCHEDULE = '0 2 * * *';

/** A five-field cron pattern (minute hour day month weekday: numbers, *, ranges, lists, steps), or `off`. */
function parseCronPattern(raw: string | undefined, fallback: string, name: string, problems: string[]): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return fallback;
  if (value === 'off') return null;
  const field = /^(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?(,(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?)*$/;
  const fields = value.split(/\s+/);
  if (fields.length !== 5 || !fields.every((f) => field.test(f))) {
    problems.push(`${name} must be a cron pattern such as "0 2 * * *" (daily at 02:00), or off (got "${raw}")`);
    return fallback;
  }
  return fields.join(' ');
}

/** REDIS_SENTINELS `host:port,host:port` with REDIS_SENTINEL_NAME: both or neither. */
function parseRedisSentinel(
  rawList: string | undefined,
  rawName: string | undefined,
  problems: string[],
): RedisSentinelSettings | null {
  const list = (rawList ?? '').trim();
  const name = (rawName ?? '').trim();
  if (list === '' && name === '') return null;
  if (list === '' || name === '') {
    problems.push('REDIS_SENTINELS and REDIS_SENTINEL_NAME go together: set both (or neither, for REDIS_URL)');
    return null;
  }
  const sentinels: RedisSentinelSettings['sentinels'] = [];
  for (const entry of list.split(',').map((item) => item.trim())) {
    const match = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(entry);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65535) {
      problems.push(`REDIS_SENTINELS entry "${entry}" must be host:port`);
      continue;
    }
    sentinels.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) problems.push(`REDIS_SENTINEL_NAME "${name}" is not a master name`);
  return { sentinels, name };
}

/** Default FOUR_EYES_THRESHOLD: 10,000 USD. */
export const DEFAULT_FOUR_EYES_THRESHOLD_CENTS = 1_000_000n;

/**
 * FOUR_EYES_THRESHOLD: USD with at most two decimals (`10000`, `2500.50`), `0` for every admin money
 * move, `off` for none. Read exactly (integer cents), never through a float.
 */
function parseFourEyesThreshold(raw: string | undefined, problems: string[]): bigint | null {
  const value = (raw ?? '').trim();
  if (value === '') return DEFAULT_FOUR_EYES_THRESHOLD_CENTS;
  if (value === 'off') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) {
    problems.push(`FOUR_EYES_THRESHOLD must be an amount in USD (e.g. 10000), 0 for every move, or off (got "${raw}")`);
    return DEFAULT_FOUR_EYES_THRESHOLD_CENTS;
  }
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY in Express's syntax, minus `true`: unset, empty, `false` or `0` trust no proxy; a whole
 * number trusts that many hops; otherwise a comma-separated list of addresses, CIDRs (`10.0.0.0/8`)
 * and the names loopback, linklocal, uniquelocal. `true` would make the leftmost X-Forwarded-For entry,
 * which any client writes, the client address, so it is refused.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) problems.push(`TRUST_PROXY must be a hop count up to 100 (got "${raw}")`);
    return hops;
  }
  if (value === 'true') {
    problems.push('TRUST_PROXY=true would trust any X-Forwarded-For a client sends: give a hop count or addresses');
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      problems.push(
        `TRUST_PROXY entry "${entry}" must be an IP address, a CIDR (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** What each server key is derived for when it is not set (HKDF's `info`: one key per purpose). */
const KEY_PURPOSES = {
  MFA_SECRET_KEY: 'mfa-secret-sealing/v1',
  BANKING_FINGERPRINT_KEY: 'banking-fingerprint/v1',
} as const;

/**
 * A server key (MFA_SECRET_KEY, BANKING_FINGERPRINT_KEY): 32 bytes as 64 hex digits or base64. Unset,
 * the key is derived from SESSION_SECRET with HKDF-SHA256 (a separate key for each purpose; production
 * already refuses a public SESSION_SECRET), so a development machine needs no extra setting and no key
 * ever sits in the repository.
 */
function parseSecretKey(
  name: keyof typeof KEY_PURPOSES,
  raw: string | undefined,
  sessionSecret: string,
  problems: string[],
): Buffer {
  const value = (raw ?? '').trim();
  if (value === '') {
    return Buffer.from(hkdfSync('sha256', sessionSecret, 'savings-platform', KEY_PURPOSES[name], 32));
  }
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(value) && key.toString('base64') !== value)) {
    problems.push(`${name} must be 32 bytes written as 64 hex digits or base64 (openssl rand -hex 32)`);
  }
  return key;
}

function parseChoice<T extends string>(
  raw: string | undefined,
  choices: readonly T[],
  fallback: T,
  name: string,
  problems: string[],
): T {
  if (raw === undefined || raw === '') return fallback;
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be ${choices.join(' or ')} (got "${raw}")`);
  return fallback;
}

function parsePort(raw: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`${name} must be a port number (got "${raw}")`);
    return fallback;
  }
  return port;
}

function parsePositiveInteger(raw: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a whole number of at least 1 (got "${raw}")`);
    return fallback;
  }
  return value;
}

function parseNonNegativeInteger(raw: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    problems.push(`${name} must be a whole number of at least 0 (got "${raw}")`);
    return fallback;
  }
  return value;
}

function parseSwitch(raw: string | undefined, fallback: boolean, name: string, problems: string[]): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  problems.push(`${name} must be on or off (got "${raw}")`);
  return fallback;
}

function parseUrl(
  raw: string | undefined,
  fallback: string,
  protocols: string[],
  name: string,
  problems: string[],
): string {
  const value = raw && raw.length > 0 ? raw : fallback;
  try {
    const url = new URL(value);
    if (!protocols.includes(url.protocol)) problems.push(`${name} must start with ${protocols.join(' or ')}//`);
  } catch {
    problems.push(`${name} is not a URL`);
  }
  return value;
}

function parseTime(raw: string | undefined, fallback: string, name: string, problems: string[]): string {
  const value = raw ?? fallback;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) problems.push(`${name} must be HH:MM (got "${value}")`);
  return value;
}

export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The URL with any password replaced, safe to print in a message or a log line. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
