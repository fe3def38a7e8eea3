import { readFileSync } from 'node:fs';

/** /proc counts CPU time in USER_HZ ticks, 100 per second on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * User + system CPU seconds a process has used so far (Linux /proc; PostgreSQL backends are
 * processes), or null when it has ended or there is no /proc. Steadier than wall time on a shared
 * machine: what the benches divide by the work done.
 */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds so far of each process still running, by pid. */
export function cpuSecondsByPid(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const used = cpuSecondsOf(pid);
    if (used !== null) seconds.set(pid, used);
  }
  return seconds;
}
