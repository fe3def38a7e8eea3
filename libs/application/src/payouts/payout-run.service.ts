import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { type CommandContext, PayOutWithdrawalCommand } from '../money/money.commands';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { payoutCsv, payoutPain001, type PayoutLine } from './payout-file-format';

export interface PayoutFileSummary {
  id: number;
  payoutDate: string;
  withdrawalCount: number;
  totalCents: bigint;
  csvPath: string;
  xmlPath: string;
}

export interface PayoutRunResult {
  payoutDate: string;
  /** Files written by this run (a file left unfinished by a crashed run is finished first). */
  files: PayoutFileSummary[];
  paidOut: number;
}

export interface PayoutRunOptions {
  onPaid?: (done: number, total: number, withdrawalId: number) => void;
}

interface ItemRow {
  withdrawal_id: string;
  amount_cents: string;
  beneficiary: string;
  iban: string;
  bic: string;
  reference: string;
  paid_at: Date | string | null;
}

/**
 * Monthly payout as of a date: every approved (`processed`) withdrawal approved before that date (in
 * APP_TIMEZONE) is claimed into a payout file, paid out through the ledger's PayOutWithdrawalCommand
 * (payable -> cash, status `completed`), and the file pair for the bank is written. The claim comes
 * first and a withdrawal can be in one file only, so a crash at any step is finished by the next run
 * and no withdrawal is paid or listed twice.
 */
@Injectable()
export class PayoutRunService {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
  ) {}

  async run(payoutDate: string, context: CommandContext, options: PayoutRunOptions = {}): Promise<PayoutRunResult> {
    const files: PayoutFileSummary[] = [];
    let paidOut = 0;
    const unfinished = await this.sql.query<{ id: string }>(
      "select id from payout_files where status = 'pending' order by id",
    );
    const claimed = await this.claim(payoutDate);
    const ids = [...unfinished.map((row) => Number(row.id)), ...(claimed === null ? [] : [claimed])];
    for (const id of ids) {
      const { file, paid } = await this.finish(id, context, options);
      files.push(file);
      paidOut += paid;
    }
    return { payoutDate, files, paidOut };
  }

  /** Claims the payable withdrawals into a new file; null when there are none. */
  private async claim(payoutDate: string): Promise<number | null> {
    return this.sql.transaction(async (tx) => {
      // one claimer at a time: two workers must not split or duplicate a month's withdrawals
      await tx.query("select pg_advisory_xact_lock(hashtext('savings.payout-claim'))");
      const rows = await tx.query<{
        id: string;
        user_id: string;
        amount_cents: string;
        beneficiary: string;
        iban: string | null;
        swift: string | null;
        reference_code: string;
      }>(
        `select w.id, w.user_id, w.amount_cents, coalesce(nullif(u.beneficiary_name, ''), u.name) as beneficiary,
                u.iban, u.swift, u.reference_code
           from withdrawals w join users u on u.id = w.user_id
          where w.status = 'processed'
            and w.processed_at < ($1::date)::timestamp at time zone $2
            and not exists (select 1 from payout_file_items i where i.withdrawal_id = w.id)
          order by w.id`,
        [payoutDate, this.config.appTimezone],
      );
      if (rows.length === 0) return null;
      const total = rows.reduce((sum, row) => sum + BigInt(row.amount_cents), 0n);
      const [file] = await tx.query<{ id: string }>(
        `insert into payout_files (payout_date, withdrawal_count, total_cents) values ($1, $2, $3) returning id`,
        [payoutDate, rows.length, total.toString()],
      );
      await tx.query(
        `insert into payout_file_items
           (payout_file_id, withdrawal_id, user_id, amount_cents, beneficiary, iban, bic, reference)
         select $1, * from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[])`,
        [
          file.id,
          rows.map((row) => row.id),
          rows.map((row) => row.user_id),
          rows.map((row) => row.amount_cents),
          rows.map((row) => row.beneficiary),
          rows.map((row) => (row.iban ?? '').replace(/\s+/g, '').toUpperCase()),
          rows.map((row) => (row.swift ?? '').replace(/\s+/g, '').toUpperCase()),
          rows.map((row) => `Withdrawal ${row.id} ${row.reference_code}`),
        ],
      );
      return Number(file.id);
    });
  }

  /** Pays out every item of a file not paid yet, then writes the CSV and XML and marks it written. */
  private async finish(
    fileId: number,
    context: CommandContext,
    options: PayoutRunOptions,
  ): Promise<{ file: PayoutFileSummary; paid: number }> {
    const [file] = await this.sql.query<{ payout_date: string; created_at: Date | string }>(
      'select payout_date::text as payout_date, created_at from payout_files where id = $1',
      [fileId],
    );
    const items = await this.sql.query<ItemRow>(
      `select withdrawal_id, amount_cents, beneficiary, iban, bic, reference, paid_at
         from payout_file_items where payout_file_id = $1 order by withdrawal_id`,
      [fileId],
    );
    let paid = 0;
    for (const [index, item] of items.entries()) {
      if (item.paid_at === null) {
        await this.payOut(Number(item.withdrawal_id), file.payout_date, context);
        await this.sql.query(
          'update payout_file_items set paid_at = now() where payout_file_id = $1 and withdrawal_id = $2',
          [fileId, item.withdrawal_id],
        );
        paid += 1;
      }
      options.onPaid?.(index + 1, items.length, Number(item.withdrawal_id));
    }

    const lines: PayoutLine[] = items.map((item) => ({
      withdrawalId: Number(item.withdrawal_id),
      beneficiary: item.beneficiary,
      iban: item.iban,
      bic: item.bic,
      amountCents: BigInt(item.amount_cents),
      reference: item.reference,
    }));
    const document = { fileId, payoutDate: file.payout_date, createdAt: new Date(file.created_at), lines };
    const directory = resolve(this.config.payoutDir);
    await mkdir(directory, { recursive: true });
    const base = join(directory, `payout-${file.payout_date}-${fileId}`);
    const csvPath = `${base}.csv`;
    const xmlPath = `${base}.xml`;
    await writeAtomically(csvPath, payoutCsv(document));
    await writeAtomically(xmlPath, payoutPain001(document));
    await this.sql.query(
      `update payout_files set status = 'written', csv_path = $2, xml_path = $3, written_at = now() where id = $1`,
      [fileId, csvPath, xmlPath],
    );
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0n);
    return {
      file: { id: fileId, payoutDate: file.payout_date, withdrawalCount: lines.length, totalCents, csvPath, xmlPath },
      paid,
    };
  }

  /** A withdrawal a crashed run already paid out is `completed`: that is success, not an error. */
  private async payOut(withdrawalId: number, payoutDate: string, context: CommandContext): Promise<void> {
    try {
      await this.commandBus.execute(new PayOutWithdrawalCommand(withdrawalId, payoutDate, context));
    } catch (error) {
      const [row] = await this.sql.query<{ status: string }>('select status from withdrawals where id = $1', [
        withdrawalId,
      ]);
      if (row?.status !== 'completed') throw error;
    }
  }
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, 'utf8');
  await rename(temporary, path);
}
