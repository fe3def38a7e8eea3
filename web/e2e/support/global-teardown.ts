import { loadState } from './stack';

export default async function globalTeardown(): Promise<void> {
  const { pids } = loadState();
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  // let them flush their logs and close connections
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
