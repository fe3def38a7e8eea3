import { interestBench } from './interest';

// Stand-alone entry (`node bench/dist/interest-cli.js --accounts 50000`); bench/src/main.ts calls interestBench.
interestBench(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
