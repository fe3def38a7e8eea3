// Entry of `npm run <db:migrate|seed|admin:create|mfa:reset|jobs|ledger|bench> -- ...`: builds what changed, then
// runs the compiled command line (services/cli) or the benchmarks (bench).
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
try {
  ensureInstalled();
  const isBench = command === 'bench';
  ensureBuilt(isBench ? ['@savings/bench'] : ['@savings/cli']);
  const entry = isBench ? join(root, 'bench/dist/main.js') : join(root, 'services/cli/dist/main.js');
  const result = spawnSync(process.execPath, [entry, ...(isBench ? args : [command, ...args])], {
    stdio: 'inherit',
    cwd: root,
  });
  process.exit(result.status ?? 1);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
