import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  LedgerBalanceQuery,
  LedgerHeadQuery,
  ReplayLedgerCommand,
  VerifyLedgerQuery,
  type LedgerBalanceResult,
  type ReplayLedgerResult,
} from '@savings/application';
import type { VerifyReport } from '@savings/contracts';
import { isDomainError } from '@savings/domain';
import { LedgerLogExport } from '@savings/application';
import { verifyLogLines, type LedgerHead } from '@savings/ledger';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs, UsageError, type CliCommand } from '../command';
import { withApplication } from '../with-application';
import { commitProof, PROOF_USAGE, verifyProofFile } from './proof.command';

const USAGE =
  'Usage: npm run ledger -- verify [--file LOG.jsonl] | export --file LOG.jsonl | replay | balance --user ID [--as-of ISO-DATE] | head [--as-of ISO] | ' +
  PROOF_USAGE.replace('npm run ledger -- ', '');

export interface LedgerCommandDeps {
  log(line: string): void;
}

/**
 * `npm run ledger -- verify|replay|balance` (api-contract.md section 7), `export --file` (the log as
 * JSON Lines) and `verify --file` (checks such a file alone, without the database).
 */
export function createLedgerCommand(deps: LedgerCommandDeps = { log: (line) => console.log(line) }): CliCommand {
  return {
    name: 'ledger',
    summary: 'verify the ledger, rebuild read models from it, or a balance at a point in time',
    async run(args, config) {
      const { flags, positional } = parseArgs(args);
      const [action] = positional;
      switch (action) {
        case 'verify': {
          const file = flags.get('file');
          if (file !== undefined) {
            if (typeof file !== 'string') throw new UsageError(`--file needs a path. ${USAGE}`);
            return verifyFile(file, deps);
          }
          return withApplication(config, async (app) => {
            const report: VerifyReport = await app.get(QueryBus).execute(new VerifyLedgerQuery());
            for (const check of report.checks) {
              const where = check.firstBadSeq ? ` (first bad seq ${check.firstBadSeq})` : '';
              deps.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}${where}`);
            }
            deps.log(report.ok ? 'Ledger verified.' : 'Ledger verification FAILED.');
            return report.ok ? 0 : 1;
          });
        }
        case 'export': {
          const file = flags.get('file');
          if (typeof file !== 'string') throw new UsageError(`--file PATH is required. ${USAGE}`);
          return withApplication(config, async (app) => {
            const out = createWriteStream(file);
            const summary = await app.get(LedgerLogExport).run(async (text) => {
              if (!out.write(text)) await once(out, 'drain');
            });
            out.end();
            await once(out, 'finish');
            deps.log(
              `Exported ${summary.events} events in ${summary.blocks} blocks (up to seq ${summary.lastSeq}) to ${file}; ` +
                `last block hash ${summary.lastBlockHash ?? 'none'}, file sha256 ${summary.sha256}.`,
            );
            return 0;
          });
        }
        case 'replay':
          return withApplication(config, async (app) => {
            const result: ReplayLedgerResult = await app.get(CommandBus).execute(new ReplayLedgerCommand());
            deps.log(
              `Rebuilt the read models of ${result.accounts} accounts from ${result.events} events ` +
                `(up to seq ${result.lastSeq}) in ${result.seconds.toFixed(2)} s.`,
            );
            return 0;
          });
        case 'head': {
          // what a restore to the instant must end with (api-contract.md section 16)
          const asOf = parseAsOf(flags.get('as-of'));
          return withApplication(config, async (app) => {
            const head: LedgerHead | null = await app.get(QueryBus).execute(new LedgerHeadQuery(asOf));
            const when = asOf ? `as of ${asOf.toISOString()}` : 'now';
            deps.log(
              head
                ? `Ledger head ${when}: seq ${head.seq}, hash ${head.hash} (${head.streamId}, recorded ${head.recordedAt})`
                : `Ledger head ${when}: no event yet.`,
            );
            return 0;
          });
        }
        case 'balance': {
          const user = flags.get('user');
          if (typeof user !== 'string' || !/^\d+$/.test(user)) throw new UsageError(`--user ID is required. ${USAGE}`);
          const asOf = parseAsOf(flags.get('as-of'));
          return withApplication(config, async (app) => {
            let result: LedgerBalanceResult;
            try {
              result = await app.get(QueryBus).execute(new LedgerBalanceQuery(Number(user), asOf));
            } catch (error) {
              if (!isDomainError(error)) throw error;
              deps.log(error.message);
              return 1;
            }
            deps.log(
              `User ${result.userId} balance ${result.asOf ? `as of ${result.asOf}` : 'now'}: ${result.balance} USD`,
            );
            return 0;
          });
        }
        case 'proof': {
          const file = flags.get('file');
          if (positional[1] === 'verify' && typeof file === 'string') return verifyProofFile(file, deps.log);
          if (positional[1] !== 'commit') throw new UsageError(`Usage: ${PROOF_USAGE}`);
          return withApplication(config, (app) => commitProof(app, flags.get('at'), deps.log));
        }
        default:
          throw new UsageError(USAGE);
      }
    },
  };
}

export const ledgerCommand = createLedgerCommand();

/** --as-of: an ISO date or instant; absent: null (now). */
function parseAsOf(flag: string | boolean | undefined): Date | null {
  if (flag === undefined) return null;
  if (typeof flag !== 'string' || Number.isNaN(Date.parse(flag))) {
    throw new UsageError(`--as-of must be an ISO date or instant, e.g. 2026-11-01 or 2026-11-01T10:00:00Z`);
  }
  return new Date(flag);
}

/** Checks an exported log from the file alone: no database, no configuration needed. */
async function verifyFile(path: string, deps: LedgerCommandDeps): Promise<number> {
  let input;
  try {
    input = createReadStream(path);
    await once(input, 'open');
  } catch {
    deps.log(`Cannot read ${path}.`);
    return 1;
  }
  const report = await verifyLogLines(createInterface({ input, crlfDelay: Infinity }));
  for (const check of report.checks) {
    const where = check.firstBadSeq ? ` (first bad seq ${check.firstBadSeq})` : '';
    deps.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}${where}`);
  }
  deps.log(report.ok ? `Log file ${path} verified.` : `Log file ${path} verification FAILED.`);
  return report.ok ? 0 : 1;
}
