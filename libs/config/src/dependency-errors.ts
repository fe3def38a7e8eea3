import { redactUrl } from './app-config';

/** One sentence a person can act on when PostgreSQL or Redis does not answer. */
export function postgresUnreachable(databaseUrl: string): string {
  return (
    `PostgreSQL is not reachable at ${redactUrl(databaseUrl)}: start it ` +
    `(e.g. "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" or "docker compose up -d postgres") ` +
    `or set DATABASE_URL to a running server.`
  );
}

export function redisUnreachable(redisUrl: string): string {
  return (
    `Redis is not reachable at ${redactUrl(redisUrl)}: start it ` +
    `(e.g. "redis-server --daemonize yes" or "docker compose up -d redis") or set REDIS_URL to a running server.`
  );
}
