import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import {
  ImportBankStatementCommand,
  parseStatementFile,
  PlatformModule,
  ReconciliationModule,
  RequestDepositCommand,
  SQL,
} from '@savings/application';
import { BANK_STATEMENT_MAX_BYTES, type BankStatementImportResponse } from '@savings/contracts';
import { loadConfig } from '@savings/config';
import { dropDatabase, migrateDatabase, type Sql } from '@savings/database';
import { generateReferenceCode, Money } from '@savings/domain';

/**
 * `npm run bench -- recon`: imports and matches a generated 20,000-line camt.053.001.08 statement
 * (under 5 MB, as the API accepts it) through the import command the API runs, on database
 * savings_bench_recon with 2,000 customers, 500 of them with a pending deposit request. Lines: credits
 * quoting codes (spaced, hyphenated, lower case), codes with a wrong check character, unknown codes,
 * other currencies, reversals, debits, and batch entries of 4 transactions. Then imports it again
 * (all known: nothing new). Writes bench/results/recon.json; the target is under 10 s.
 */
const repoRoot = resolve(__dirname, '../..');
const LINES = 20_000;
const CUSTOMERS = 2_000;
const WITH_REQUEST = 500;
const BATCHES = 500;
const BATCH_SIZE = 4;

/** A small deterministic random source (mulberry32), so every run imports the same statement. */
function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The remittance a customer's bank writes: the code as typed by a person, in one of several forms. */
function quoted(code: string, variant: number): string {
  switch (variant % 4) {
    case 0:
      return code;
    case 1:
      return `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    case 2:
      return `Deposit ${code.slice(0, 4)} ${code.slice(4)}`;
    default:
      return `REF ${code}`;
  }
}

export function generateStatement(
  codes: string[],
  requestAmounts: Map<string, string>,
): { xml: string; lines: number } {
  const random = seeded(18);
  const parts: string[] = [];
  let lines = 0;
  let ref = 0;
  const date = '2026-11-20';
  const entry = (amount: string, ccy: string, direction: 'CRDT' | 'DBIT', info: string, extra = '') => {
    ref += 1;
    lines += 1;
    return `<Ntry><Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd>${extra}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>B${ref}</AcctSvcrRef><AddtlNtryInf>${info}</AddtlNtryInf></Ntry>`;
  };
  const amount = () => Money.format(BigInt(100_000 + random(5_000_000)));
  const singles = LINES - BATCHES * BATCH_SIZE;
  for (let i = 0; i < singles; i += 1) {
    const code = codes[random(codes.length)];
    const kind = random(100);
    if (kind < 80) {
      parts.push(entry(requestAmounts.get(code) ?? amount(), 'USD', 'CRDT', quoted(code, i)));
    } else if (kind < 85) {
      // one mistyped character: the check fails
      const wrong = code.slice(0, 7) + (code[7] === 'A' ? 'B' : 'A');
      parts.push(entry(amount(), 'USD', 'CRDT', wrong));
    } else if (kind < 90) {
      parts.push(entry(amount(), 'USD', 'CRDT', 'Transfer without a reference'));
    } else if (kind < 93) {
      parts.push(entry(amount(), 'EUR', 'CRDT', code));
    } else if (kind < 95) {
      parts.push(entry(amount(), 'USD', 'DBIT', `Return ${code}`, '<RvslInd>true</RvslInd>'));
    } else {
      parts.push(entry(amount(), 'USD', 'DBIT', `WITHDRAWAL-${1 + random(100_000)}`));
    }
  }
  for (let b = 0; b < BATCHES; b += 1) {
    ref += 1;
    const txs: string[] = [];
    let total = 0n;
    for (let t = 0; t < BATCH_SIZE; t += 1) {
      const cents = BigInt(100_000 + random(1_000_000));
      total += cents;
      lines += 1;
      txs.push(
        `<TxDtls><Refs><AcctSvcrRef>B${ref}-${t + 1}</AcctSvcrRef></Refs><Amt Ccy="USD">${Money.format(cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf><Ustrd>${quoted(codes[random(codes.length)], t)}</Ustrd></RmtInf></TxDtls>`,
      );
    }
    parts.push(
      `<Ntry><Amt Ccy="USD">${Money.format(total)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>B${ref}</AcctSvcrRef><NtryDtls><Btch><NbOfTxs>${BATCH_SIZE}</NbOfTxs></Btch>${txs.join('')}</NtryDtls></Ntry>`,
    );
  }
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>' +
    '<GrpHdr><MsgId>BENCH-RECON</MsgId><CreDtTm>2026-11-20T18:00:00+00:00</CreDtTm></GrpHdr><Stmt><Id>BENCH</Id>' +
    `<FrToDt><FrDtTm>${date}T00:00:00+00:00</FrDtTm><ToDtTm>${date}T23:59:59+00:00</ToDtTm></FrToDt>` +
    '<Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct>\n' +
    parts.join('\n') +
    '\n</Stmt></BkToCstmrStmt></Document>\n';
  return { xml, lines };
}

export async function reconBench(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? withDatabase(process.env.DATABASE_URL, 'savings_bench_recon');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-never-used-for-sessions-0123456789',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: 'bench-recon',
    LOG_LEVEL: 'warn',
  });
  await dropDatabase(databaseUrl);
  await migrateDatabase(databaseUrl);
  const app = await NestFactory.createApplicationContext(
    {
      module: class ReconBenchModule {},
      imports: [PlatformModule.forRoot({ config, poolMax: 4 }), CqrsModule.forRoot(), ReconciliationModule],
    },
    { logger: ['error', 'warn'] },
  );
  await app.init();
  try {
    const sql = app.get<Sql>(SQL);
    const commands = app.get(CommandBus);
    const random = seeded(7);
    const codes = Array.from({ length: CUSTOMERS }, () => generateReferenceCode(random));
    const users = await sql.query<{ id: string; reference_code: string }>(
      `insert into users (name, email, password_hash, reference_code)
       select 'Bench Customer ' || i, 'bench.recon.' || i || '@example.test', 'x', code
         from unnest($1::text[]) with ordinality as c(code, i)
       on conflict do nothing
       returning id::text as id, reference_code`,
      [codes],
    );
    const requestAmounts = new Map<string, string>();
    for (const user of users.slice(0, WITH_REQUEST)) {
      const amount = Money.format(BigInt(100_000 + random(1_000_000)));
      await commands.execute(
        new RequestDepositCommand(Number(user.id), amount, {
          actor: { kind: 'user', id: user.id },
          correlationId: 'bench',
        }),
      );
      requestAmounts.set(user.reference_code, amount);
    }
    const { xml, lines } = generateStatement(
      users.map((user) => user.reference_code),
      requestAmounts,
    );
    const body = Buffer.from(xml);
    if (body.length > BANK_STATEMENT_MAX_BYTES)
      throw new Error(`generated statement is ${body.length} bytes, over 5 MB`);
    const [admin] = await sql.query<{ id: string }>(
      `insert into users (name, email, password_hash, reference_code, role)
       values ('Bench Admin', 'bench.recon.admin@example.test', 'x', 'BENCHADM', 'admin') returning id::text as id`,
    );
    const context = { actor: { kind: 'admin' as const, id: Number(admin.id) }, correlationId: 'bench-recon' };
    const load = loadavg()[0];

    // the parse alone (the import below parses again): how the time splits between parsing and the database
    const parseStarted = process.hrtime.bigint();
    parseStatementFile('camt053', body);
    const parseSeconds = Number(process.hrtime.bigint() - parseStarted) / 1e9;

    const started = process.hrtime.bigint();
    const imported = (await commands.execute(
      new ImportBankStatementCommand('camt053', body, context),
    )) as BankStatementImportResponse;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    const againStarted = process.hrtime.bigint();
    const again = (await commands.execute(
      new ImportBankStatementCommand('camt053', body, context),
    )) as BankStatementImportResponse;
    const reimportSeconds = Number(process.hrtime.bigint() - againStarted) / 1e9;
    if (imported.statement.entries !== lines || again.statement.alreadyImported !== lines) {
      throw new Error(`expected ${lines} lines, imported ${imported.statement.entries}`);
    }
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    const result = {
      lines,
      seconds: round(seconds),
      peak_rss_mb: round(peakRssMb),
      bytes: body.length,
      suggested: imported.statement.suggested,
      unmatched: imported.statement.unmatched,
      parse_seconds: round(parseSeconds),
      reimport_seconds: round(reimportSeconds),
      target_seconds: 10,
      within_target: seconds < 10,
      load_average_at_start: round(load),
      measured_at: new Date().toISOString(),
    };
    const out = join(repoRoot, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'recon.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await app.close();
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

function withDatabase(url: string | undefined, name: string): string {
  const parsed = new URL(url ?? 'postgresql://postgres@127.0.0.1:5432/savings');
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
