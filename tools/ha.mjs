// `npm run ha -- up|status|kill-primary|restart-node NAME|kill-redis-master|switchover|down`: the local
// high-availability cluster of api-contract.md section 16 (infra/ha: its configuration and driver).
import {
  appEnv,
  down,
  killPrimary,
  killRedisMaster,
  restartNode,
  status,
  switchover,
  up,
} from '../infra/ha/cluster.mjs';

const USAGE = 'npm run ha -- up | status | kill-primary | restart-node NAME | kill-redis-master | switchover | down';

const [command, ...args] = process.argv.slice(2);
const print = (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

const commands = {
  async up() {
    const { seconds } = await up();
    const env = appEnv();
    process.stdout.write(
      `Cluster ready in ${seconds} s. Use it with:\n` +
        Object.entries(env)
          .map(([key, value]) => `  export ${key}=${value}`)
          .join('\n') +
        '\n  (or HA=1 npm start)\n',
    );
  },
  status: async () => print(await status()),
  'kill-primary': async () => print(await killPrimary()),
  'restart-node': async () => {
    if (!args[0]) throw new Error(`restart-node needs a node name (pg1, pg2, pg3, redis1, redis2): ${USAGE}`);
    print(await restartNode(args[0]));
  },
  'kill-redis-master': async () => print(await killRedisMaster()),
  switchover: async () => print(await switchover()),
  down: async () => print(await down()),
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
