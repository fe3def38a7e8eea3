import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEPOSIT_BANK } from '@savings/contracts';
import {
  PAYOUT_FILE_FORMATS,
  payoutEndToEndId,
  payoutFileName,
  payoutTotalCents,
  renderPayoutFile,
  type PayoutDocument,
  type PayoutFileFormat,
  type PayoutFileIssuedData,
  type PayoutItem,
} from '@savings/domain';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { appendToStreams } from '@savings/ledger';
import { metadataOf } from '../money/account-ledger';
import { type CommandContext, PayOutWithdrawalCommand } from '../money/money.commands';
import { APP_CONFIG, SQL } from '../platform/tokens';

export interface PayoutFileSummary {
  id: number;
  payoutDate: string;
  withdrawalCount: number;
  totalCents: bigint;
  sha256: Record<PayoutFileFormat, string>;
}

export interface PayoutRunResult {
  payoutDate: string;
  /** Files issued by this run (a file left unfinished by a crashed run is finished first). */
  files: PayoutFileSummary[];
  paidOut: number;
}

export interface PayoutRunOptions {
  onPaid?: (done: number, total: number, withdrawalId: number) => void;
}

interface ItemRow {
  withdrawal_id: string;
  user_id: string;
  end_to_end_id: string;
  amount_cents: string;
  beneficiary: string;
  iban: string;
  bic: string;
  reference: string;
  paid_at: Date | string | null;
}

/** The ledger stream of one payout file: its single `PayoutFileIssued` event (version 1). */
export function payoutFileStreamId(fileId: number): string {
  return `payout-file-${fileId}`;
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Monthly payout as of a date: every approved (`processed`) withdrawal approved before that date (in
 * APP_TIMEZONE) is claimed into a payout file, paid out through the ledger's PayOutWithdrawalCommand
 * (payable -> cash, status `completed`), and the file is issued: its CSV and pain.001 bytes, their
 * SHA-256 and the `PayoutFileIssued` event (items, total, hashes) in one transaction. The claim comes
 * first and a withdrawal can be in one file only, so a crash at any step is finished by the next run
 * and no withdrawal is paid or listed twice; the file's stream is created by its one event, so a file
 * is issued once whatever the concurrency. PAYOUT_DIR, if set, then receives a copy (never read back).
 */
@Injectable()
export class PayoutRunService {
  private readonly logger = new Logger(PayoutRunService.name);

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
      if (file) files.push(file);
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
           (payout_file_id, withdrawal_id, user_id, amount_cents, beneficiary, iban, bic, reference, end_to_end_id)
         select $1, * from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[],
                                  $8::text[], $9::text[])`,
        [
          file.id,
          rows.map((row) => row.id),
          rows.map((row) => row.user_id),
          rows.map((row) => row.amount_cents),
          rows.map((row) => row.beneficiary),
          rows.map((row) => (row.iban ?? '').replace(/\s+/g, '').toUpperCase()),
          rows.map((row) => (row.swift ?? '').replace(/\s+/g, '').toUpperCase()),
          rows.map((row) => `Withdrawal ${row.id} ${row.reference_code}`),
          rows.map((row) => payoutEndToEndId(Number(row.id))),
        ],
      );
      return Number(file.id);
    });
  }

  /** Pays out every item of a file not paid yet, then issues the file (null if another run issued it). */
  private async finish(
    fileId: number,
    context: CommandContext,
    options: PayoutRunOptions,
  ): Promise<{ file: PayoutFileSummary | null; paid: number }> {
    const items = await this.sql.query<ItemRow>(
      `select withdrawal_id, user_id, end_to_end_id, amount_cents, beneficiary, iban, bic, reference, paid_at
         from payout_file_items where payout_file_id = $1 order by withdrawal_id`,
      [fileId],
    );
    const [file] = await this.sql.query<{ payout_date: string }>(
      'select payout_date::text as payout_date from payout_files where id = $1',
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
    const issued = await this.issue(fileId, items, context);
    if (issued) await this.exportCopy(issued);
    return {
      file: issued && {
        id: fileId,
        payoutDate: issued.payoutDate,
        withdrawalCount: issued.itemCount,
        totalCents: BigInt(issued.totalCents),
        sha256: issued.sha256,
      },
      paid,
    };
  }

  /**
   * One transaction: the `PayoutFileIssued` event on the file's own stream (created by it, so a second
   * issuer finds it taken and stops), both renderings' bytes with their hashes, and the file marked
   * written. Returns the event's payload, or null when the file was issued already.
   */
  private async issue(
    fileId: number,
    rows: ItemRow[],
    context: CommandContext,
  ): Promise<(PayoutFileIssuedData & { bytes: Record<PayoutFileFormat, Buffer> }) | null> {
    return this.sql.transaction(async (tx) => {
      const [file] = await tx.query<{ payout_date: string; status: string; created_at: string }>(
        `select payout_date::text as payout_date, status,
                to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
           from payout_files where id = $1 for update`,
        [fileId],
      );
      if (file.status === 'written') return null;
      const items: PayoutItem[] = rows.map((row) => ({
        withdrawalId: Number(row.withdrawal_id),
        userId: Number(row.user_id),
        endToEndId: row.end_to_end_id,
        amountCents: row.amount_cents,
        beneficiary: row.beneficiary,
        iban: row.iban,
        bic: row.bic,
        reference: row.reference,
      }));
      const document: PayoutDocument = {
        payoutFileId: fileId,
        payoutDate: file.payout_date,
        createdAt: file.created_at,
        debtor: { name: DEPOSIT_BANK.beneficiary, iban: DEPOSIT_BANK.iban, bic: DEPOSIT_BANK.swift },
        items,
        itemCount: items.length,
        totalCents: payoutTotalCents(items).toString(),
      };
      const bytes = {
        csv: Buffer.from(renderPayoutFile(document, 'csv'), 'utf8'),
        xml: Buffer.from(renderPayoutFile(document, 'xml'), 'utf8'),
      };
      const data: PayoutFileIssuedData = {
        ...document,
        sha256: { csv: sha256Hex(bytes.csv), xml: sha256Hex(bytes.xml) },
      };
      const outcome = await appendToStreams(tx, [
        {
          streamId: payoutFileStreamId(fileId),
          expectedVersion: 0,
          prevHash: null,
          events: [{ type: 'PayoutFileIssued', data }],
          metadata: metadataOf(context),
          occurredAt: new Date(),
        },
      ]);
      const appended = outcome.byWrite[0];
      if (appended === null) return null; // issued by a concurrent run (the row lock makes this rare)
      for (const format of PAYOUT_FILE_FORMATS) {
        await tx.query(
          `insert into payout_file_documents (payout_file_id, format, content, sha256, item_count, total_cents, event_seq)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [fileId, format, bytes[format], data.sha256[format], data.itemCount, data.totalCents, appended[0].seq],
        );
      }
      await tx.query(
        `update payout_files set status = 'written', written_at = now(), withdrawal_count = $2, total_cents = $3
          where id = $1`,
        [fileId, data.itemCount, data.totalCents],
      );
      return { ...data, bytes };
    });
  }

  /**
   * PAYOUT_DIR's copy of an issued file (for whoever sends files to the bank from a folder). The stored
   * bytes are the file: a failed copy is logged and the next run does not retry it.
   */
  private async exportCopy(issued: PayoutDocument & { bytes: Record<PayoutFileFormat, Buffer> }): Promise<void> {
    if (!this.config.payoutDir) return;
    const directory = resolve(this.config.payoutDir);
    try {
      await mkdir(directory, { recursive: true });
      const paths: string[] = [];
      for (const format of PAYOUT_FILE_FORMATS) {
        const path = join(directory, payoutFileName(issued, format));
        await writeAtomically(path, issued.bytes[format]);
        paths.push(path);
      }
      await this.sql.query('update payout_files set csv_path = $2, xml_path = $3 where id = $1', [
        issued.payoutFileId,
        ...paths,
      ]);
    } catch (error) {
      this.logger.warn(`Payout file ${issued.payoutFileId}: no copy in PAYOUT_DIR (${(error as Error).message})`);
    }
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

async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
