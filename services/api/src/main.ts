import 'reflect-metadata';
import { ConfigError, loadConfig, postgresUnreachable } from '@savings/config';
import { DependencyUnavailableError, ensureDatabase } from '@savings/database';
import { createApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const app = await createApp(config, { serveWeb: true });
  await app.listen(config.port, process.env.HOST ?? '0.0.0.0');
  console.log(JSON.stringify({ level: 30, msg: `API listening on http://localhost:${config.port}` }));
}

main().catch((error: unknown) => {
  // One sentence for the failures a person can fix; a stack only for real bugs.
  if (error instanceof ConfigError || error instanceof DependencyUnavailableError) {
    console.error(error.message);
  } else if (error instanceof Error && /not reachable at/.test(error.message)) {
    console.error(error.message);
  } else if ((error as { code?: string } | null)?.code === 'ECONNREFUSED') {
    console.error(postgresUnreachable(loadConfig().databaseUrl));
  } else {
    console.error(error);
  }
  process.exit(1);
});
