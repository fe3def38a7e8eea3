import type { AppConfig } from '@savings/config';

export interface CliCommand {
  /** What follows `node main.js`, e.g. "db:migrate" or "ledger". */
  name: string;
  summary: string;
  run(args: string[], config: AppConfig): Promise<number>;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `--key value` and `--flag` pairs into a map; positional words into a list. */
export function parseArgs(args: string[]): { flags: Map<string, string | true>; positional: string[] } {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      if (inline !== undefined) flags.set(key, inline);
      else if (i + 1 < args.length && !args[i + 1].startsWith('--')) flags.set(key, args[(i += 1)]);
      else flags.set(key, true);
    } else {
      positional.push(arg);
    }
  }
  return { flags, positional };
}
