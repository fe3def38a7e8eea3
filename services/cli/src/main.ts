import 'reflect-metadata';
import { ConfigError, loadConfig } from '@savings/config';
import { DependencyUnavailableError } from '@savings/database';
import { commands } from './commands';

/**
 * The command line of api-contract.md section 7: `node services/cli/dist/main.js <command> [args]`,
 * reached through the root package.json scripts (npm run ledger -- verify, npm run jobs -- ..., ...).
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    console.error(
      `Unknown command "${name ?? ''}". Commands:\n${commands.map((c) => `  ${c.name.padEnd(22)} ${c.summary}`).join('\n')}`,
    );
    return 2;
  }
  return command.run(rest, loadConfig());
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DependencyUnavailableError) console.error(error.message);
    else if (error instanceof Error && /not reachable at/.test(error.message)) console.error(error.message);
    else if (error instanceof Error && error.name === 'UsageError') console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
