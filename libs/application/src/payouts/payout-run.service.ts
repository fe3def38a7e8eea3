import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEPOSIT_BANK, type WithdrawalResult } from '@savings/contracts';
import {
  isDomainError,
  isPayableTo,
  PAYOUT_FILE_FORMATS,
  payoutEndToEndId,
  payoutFileName,
  payoutTotalCents,
  renderPayoutFile,
  type PayoutDocument,
  type PayoutFileFormat,
  type PayoutFileIssuedData,
  type PayoutItem,
  type WithdrawalReturnReason,
} from '@savings/domain';
import type { AppConfig } from '@savings/config';
import type { Sql } from '@savings/database';
import { appendToStreams, bankingFingerprint } from '@savings/ledger';
import { metadataOf } from '../money/account-ledger';
import {
  type CommandContext,
  PayOutWithdrawalCommand,
  ReturnWithdrawalForReapprovalCommand,
} from '../money/money.commands';
import { APP_CONFIG, SQL } from '../platform/tokens';

export interface PayoutFileSummary {
  id: number;
  payoutDate: string;
  withdrawalCount: number;
  totalCents: bigint;
  sha256: Record<PayoutFileFormat, string>;
}

/** An approved withdrawal the run did not pay: its banking details are not the approved ones. */
export interface LeftOutWithdrawal {
  withdrawalId: number;
  userId: number;
  amountCents: bigint;
  /** what happened to it: back to `pending` for a new approval (api-contract.md section 15) */
  reason: WithdrawalReturnReason;
}

export interface PayoutRunResult {
  payoutDate: string;
  /** Files issued by this run (a file left unfinished by a crashed run is finished first). */
  files: PayoutFileSummary[];
  paidOut: number;
  /** Withdrawals left out of every file and returned to `pending`: their details differ from the approved ones. */
  leftOut: LeftOutWithdrawal[];
}

export interface PayoutRunOptions {
  /** after each item of a file: `paid` false when it was left out (its details are not the approved ones) */
  onPaid?: (done: number, total: number, withdrawalId: number, paid: boolean) => void;
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

/** The account's refusals that leave an item out of its file rather than fail the run. */
const NOT_PAYABLE_THERE = new Set(['LEDGER.PAYOUT_DETAILS_DIFFER', 'LEDGER.NOT_APPROVED']);

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
 *
 * Payouts go where they were approved (api-contract.md section 15): a withdrawal is claimed only when
 * the keyed fingerprint of the customer's banking details now equals its approval's, and paid only
 * when its item's details still have that fingerprint (the account's decider refuses otherwise). Any
 * other is left out of the file, returned to `pending` for a new approval, and reported.
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
    const leftOut: LeftOutWithdrawal[] = [];
    let paidOut = 0;
    const unfinished = await this.sql.query<{ id: string }>(
      "select id from payout_files where status = 'pending' order by id",
    );
    const { fileId: claimed, differing } = await this.claim(payoutDate);
    for (const { fingerprint, ...item } of differing) {
      if (await this.returnForReapproval(item.withdrawalId, fingerprint, context)) {
        leftOut.push({ ...item, reason: 'banking-details-differ-at-payout' });
      }
    }
    const ids = [...unfinished.map((row) => Number(row.id)), ...(claimed === null ? [] : [claimed])];
    for (const id of ids) {
      const { file, paid, left } = await this.finish(id, context, options);
      if (file) files.push(file);
      paidOut += paid;
      leftOut.push(...left);
    }
    return { payoutDate, files, paidOut, leftOut };
  }

  /** The keyed fingerprint of an item's banking details, as its transfer would carry them. */
  private fingerprintOf(item: { beneficiary: string; iban: string | null; bic: string | null }): string {
    return bankingFingerprint(this.config.bankingFingerprintKey, {
      beneficiaryName: item.beneficiary,
      iban: item.iban,
      bic: item.bic,
    });
  }

  /**
   * Claims the payable withdrawals into a new file (null when there are none); those whose customer's
   * details now differ from the approved ones are not claimed but returned for the caller to send back.
   */
  private async claim(payoutDate: string): Promise<{
    fileId: number | null;
    differing: { withdrawalId: number; userId: number; amountCents: bigint; fingerprint: string }[];
  }> {
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
        approved_banking_fingerprint: string | null;
      }>(
        `select w.id, w.user_id, w.amount_cents, coalesce(nullif(u.beneficiary_name, ''), u.name) as beneficiary,
                u.iban, u.swift, u.reference_code, w.approved_banking_fingerprint
           from withdrawals w join users u on u.id = w.user_id
          where w.status = 'processed'
            and w.processed_at < ($1::date)::timestamp at time zone $2
            and not exists (select 1 from payout_file_items i where i.withdrawal_id = w.id)
          order by w.id`,
        [payoutDate, this.config.appTimezone],
      );
      const differing: { withdrawalId: number; userId: number; amountCents: bigint; fingerprint: string }[] = [];
      const payable = rows.filter((row) => {
        const fingerprint = this.fingerprintOf({ beneficiary: row.beneficiary, iban: row.iban, bic: row.swift });
        if (isPayableTo(row.approved_banking_fingerprint, fingerprint)) return true;
        differing.push({
          withdrawalId: Number(row.id),
          userId: Number(row.user_id),
          amountCents: BigInt(row.amount_cents),
          fingerprint,
        });
        return false;
      });
      if (payable.length === 0) return { fileId: null, differing };
      const total = payable.reduce((sum, row) => sum + BigInt(row.amount_cents), 0n);
      const [file] = await tx.query<{ id: string }>(
        `insert into payout_files (payout_date, withdrawal_count, total_cents) values ($1, $2, $3) returning id`,
        [payoutDate, payable.length, total.toString()],
      );
      await tx.query(
        `insert into payout_file_items
           (payout_file_id, withdrawal_id, user_id, amount_cents, beneficiary, iban, bic, reference, end_to_end_id)
         select $1, * from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[],
                                  $8::text[], $9::text[])`,
        [
          file.id,
          payable.map((row) => row.id),
          payable.map((row) => row.user_id),
          payable.map((row) => row.amount_cents),
          payable.map((row) => row.beneficiary),
          payable.map((row) => (row.iban ?? '').replace(/\s+/g, '').toUpperCase()),
          payable.map((row) => (row.swift ?? '').replace(/\s+/g, '').toUpperCase()),
          payable.map((row) => `Withdrawal ${row.id} ${row.reference_code}`),
          payable.map((row) => payoutEndToEndId(Number(row.id))),
        ],
      );
      return { fileId: Number(file.id), differing };
    });
  }

  /**
   * Pays out every item of a file not paid yet, then issues the file (null if another run issued it).
   * An item the ledger refuses to pay to its details (approved for others, or back to `pending` since
   * the claim) leaves the file before it is issued; a file left without items is dropped.
   */
  private async finish(
    fileId: number,
    context: CommandContext,
    options: PayoutRunOptions,
  ): Promise<{ file: PayoutFileSummary | null; paid: number; left: LeftOutWithdrawal[] }> {
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
    const kept: ItemRow[] = [];
    const left: LeftOutWithdrawal[] = [];
    for (const [index, item] of items.entries()) {
      if (item.paid_at !== null) {
        kept.push(item);
      } else if (await this.payOut(item, file.payout_date, context)) {
        await this.sql.query(
          'update payout_file_items set paid_at = now() where payout_file_id = $1 and withdrawal_id = $2',
          [fileId, item.withdrawal_id],
        );
        paid += 1;
        kept.push(item);
      } else {
        left.push(await this.leaveOut(fileId, item, context));
      }
      options.onPaid?.(index + 1, items.length, Number(item.withdrawal_id), kept.at(-1) === item);
    }
    if (kept.length === 0) {
      await this.sql.query(
        `delete from payout_files f where f.id = $1 and f.status = 'pending'
            and not exists (select 1 from payout_file_items i where i.payout_file_id = f.id)`,
        [fileId],
      );
      return { file: null, paid, left };
    }
    const issued = await this.issue(fileId, kept, context);
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
      left,
    };
  }

  /**
   * An item the ledger would not pay: out of the file (so the withdrawal can be claimed again once it
   * is approved anew), and its withdrawal back to `pending` unless it is there already.
   */
  private async leaveOut(fileId: number, item: ItemRow, context: CommandContext): Promise<LeftOutWithdrawal> {
    const withdrawalId = Number(item.withdrawal_id);
    await this.sql.query(
      'delete from payout_file_items where payout_file_id = $1 and withdrawal_id = $2 and paid_at is null',
      [fileId, withdrawalId],
    );
    await this.returnForReapproval(withdrawalId, this.fingerprintOf(item), context);
    const [row] = await this.sql.query<{ return_reason: WithdrawalReturnReason | null }>(
      'select return_reason from withdrawals where id = $1',
      [withdrawalId],
    );
    return {
      withdrawalId,
      userId: Number(item.user_id),
      amountCents: BigInt(item.amount_cents),
      reason: row?.return_reason ?? 'banking-details-differ-at-payout',
    };
  }

  /** Sends an approved withdrawal back to `pending` unless `fingerprint` is its approval's; true if it is pending now. */
  private async returnForReapproval(
    withdrawalId: number,
    fingerprint: string,
    context: CommandContext,
  ): Promise<boolean> {
    const result = await this.commandBus.execute<ReturnWithdrawalForReapprovalCommand, WithdrawalResult>(
      new ReturnWithdrawalForReapprovalCommand(withdrawalId, 'banking-details-differ-at-payout', fingerprint, context),
    );
    return result.withdrawal.status === 'pending';
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

  /**
   * Pays one item out to its details; true when it is paid (a withdrawal a crashed run already paid
   * out is `completed`: that is success, not an error). False when the ledger refuses to pay it there:
   * approved for other details, or back to `pending` since the claim.
   */
  private async payOut(item: ItemRow, payoutDate: string, context: CommandContext): Promise<boolean> {
    const withdrawalId = Number(item.withdrawal_id);
    try {
      await this.commandBus.execute(
        new PayOutWithdrawalCommand(withdrawalId, payoutDate, this.fingerprintOf(item), context),
      );
      return true;
    } catch (error) {
      const [row] = await this.sql.query<{ status: string }>('select status from withdrawals where id = $1', [
        withdrawalId,
      ]);
      if (row?.status === 'completed') return true;
      if (isDomainError(error) && NOT_PAYABLE_THERE.has(error.code)) return false;
      throw error;
    }
  }
}

async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
