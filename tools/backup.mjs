// `npm run backup -- now [--full] | list | restore --to ISO --port P`: pgBackRest backups of the cluster and
// point-in-time restores into a new local PostgreSQL (infra/ha/backup.mjs; README "Backups and restore").
import { backupNow, list, restore } from '../infra/ha/backup.mjs';

const USAGE = 'npm run backup -- now [--full] | list | restore --to ISO --port P';
const [command, ...args] = process.argv.slice(2);
const print = (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
const option = (name) => {
  const index = args.indexOf(`--${name}`);
  return index < 0 ? undefined : args[index + 1];
};

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const commands = {
  now: async () => print(backupNow({ full: args.includes('--full') })),
  list: async () => {
    const { repository, backups, window } = list();
    for (const b of backups) {
      process.stdout.write(
        `${b.label}  ${b.type.padEnd(4)}  ${b.startedAt} -> ${b.finishedAt}  database ${megabytes(b.databaseBytes)}, ` +
          `stored ${megabytes(b.repositoryBytes)}\n`,
      );
    }
    process.stdout.write(
      window
        ? `Restorable window: ${window.from} to ${window.until} (repository ${repository}).\n`
        : `No backup yet in ${repository}: npm run backup -- now\n`,
    );
  },
  restore: async () => {
    const to = option('to');
    const port = Number(option('port'));
    if (!to || !option('port')) throw new Error(`restore needs --to ISO and --port P: ${USAGE}`);
    const restored = await restore({ to, port });
    print(restored);
  },
};

const run = commands[command];
if (!run) {
  console.error(`Usage: ${USAGE}`);
  process.exit(2);
}
run().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
