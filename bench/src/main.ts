import 'reflect-metadata';
import { httpBenchCommand } from './http';
import { interestBench } from './interest';
import { ledgerBench } from './ledger';
import { ledgerHaBench } from './ledger-ha';
import { proofBench } from './proof';
import { reconBench } from './recon';
import { statementsBench } from './statements';
import { webBenchCommand } from './web';

/**
 * `npm run bench -- NAME [args]` (tools/cli.mjs runs `node bench/dist/main.js NAME ...`). Every
 * benchmark uses a database of its own and writes its figures to bench/results/NAME.json.
 */
const benches: Record<string, (args: string[]) => Promise<unknown>> = {
  ledger: (args) => (args.includes('--ha') ? ledgerHaBench(args) : ledgerBench(args)),
  interest: (args) => interestBench(args),
  http: async () => {
    const code = await httpBenchCommand();
    if (code !== 0) throw new Error(`http bench exited with ${code}`);
  },
  web: (args) => webBenchCommand(args),
  statements: () => statementsBench(),
  proof: (args) => proofBench(args),
  recon: () => reconBench(),
};

async function main([name, ...args]: string[]): Promise<number> {
  const bench = name ? benches[name] : undefined;
  if (!bench) {
    console.error(`Usage: npm run bench -- ${Object.keys(benches).join('|')} [args]`);
    return 2;
  }
  await bench(args);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
