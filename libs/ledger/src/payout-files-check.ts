import { createHash } from 'node:crypto';
import {
  PAYOUT_FILE_FORMATS,
  payoutEndToEndId,
  payoutFileName,
  payoutTotalCents,
  renderPayoutFile,
  upcastEvent,
  type PayoutFileFormat,
  type PayoutFileIssuedData,
} from '@savings/domain';
import type { SqlQueryable } from '@savings/database';
import type { VerifyCheck } from '@savings/contracts';
import { bankingFingerprint } from './banking-fingerprint';

const PAYOUT_STREAM_PREFIX = 'payout-file-';

interface IssuedRow {
  seq: string;
  stream_id: string;
  schema_version: number;
  payload: unknown;
}

interface DocumentRow {
  payout_file_id: string;
  format: PayoutFileFormat;
  content: Buffer;
  sha256: string;
  item_count: number;
  total_cents: string;
  event_seq: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Invariant 9 (architecture.md): every payout file follows from the ledger. For each file's
 * `PayoutFileIssued` event: its items' count and total add up, each item's end-to-end id names its
 * withdrawal, each item was paid out by exactly one `WithdrawalPaidOut` of that amount and payout date on
 * its customer's stream, no withdrawal is in two files, and each stored rendering (payout_file_documents)
 * is byte for byte the rendering of the event's payload, with the SHA-256 the event records. A file
 * written without event or bytes fails too. The first failure names the file.
 *
 * Invariant 12: every item was paid to the banking details its approval was for (api-contract.md
 * section 15). Its WithdrawalPaidOut carries the fingerprint its withdrawal's last WithdrawalApproved
 * recorded, and, given the key, the item's own beneficiary, IBAN and BIC have that fingerprint: an item
 * whose details were changed in SQL after its approval fails, named. Items paid before fingerprints
 * existed (neither event has one) are counted apart.
 */
export async function checkPayoutFiles(q: SqlQueryable, bankingFingerprintKey?: Buffer): Promise<VerifyCheck> {
  const name = 'payout files match the ledger';
  const fail = (seq: string | null, detail: string): VerifyCheck => ({
    name,
    ok: false,
    checked: 0,
    detail,
    firstBadSeq: seq === null ? null : Number(seq),
  });
  // the file streams are rows of the small ledger_streams table; their events are found by stream id
  const issued = await q.query<IssuedRow>(
    `select e.seq::text as seq, e.stream_id, e.schema_version, e.payload
       from ledger_events e
      where e.stream_id in (select stream_id from ledger_streams where stream_id like $1)
        and e.type = 'PayoutFileIssued'
      order by e.seq`,
    [`${PAYOUT_STREAM_PREFIX}%`],
  );
  const documents = await q.query<DocumentRow>(
    `select payout_file_id::text as payout_file_id, format, content, sha256, item_count,
            total_cents::text as total_cents, event_seq::text as event_seq
       from payout_file_documents order by payout_file_id, format`,
  );
  const [unstored] = await q.query<{ id: string }>(
    `select f.id::text as id from payout_files f
      where f.status = 'written'
        and (select count(*) from payout_file_documents d where d.payout_file_id = f.id) <> $1
      order by f.id limit 1`,
    [PAYOUT_FILE_FORMATS.length],
  );
  if (unstored) return fail(null, `FAILED: payout file ${unstored.id} is marked written but its files are not stored`);

  const documentsByFile = new Map<string, DocumentRow[]>();
  for (const document of documents) {
    const list = documentsByFile.get(document.payout_file_id) ?? [];
    list.push(document);
    documentsByFile.set(document.payout_file_id, list);
  }

  const files: { seq: string; data: PayoutFileIssuedData }[] = [];
  for (const row of issued) {
    const event = upcastEvent('PayoutFileIssued', row.schema_version, row.payload);
    if (event.type !== 'PayoutFileIssued') continue;
    if (row.stream_id !== `${PAYOUT_STREAM_PREFIX}${event.data.payoutFileId}`) {
      return fail(row.seq, `FAILED: ${row.stream_id} records payout file ${event.data.payoutFileId}`);
    }
    files.push({ seq: row.seq, data: event.data });
  }

  // every item's payout event, read from its customer's stream (index on stream id)
  const itemStreams = [...new Set(files.flatMap(({ data }) => data.items.map((item) => `account-${item.userId}`)))];
  const paidOut = await q.query<{
    stream_id: string;
    withdrawal_id: string;
    amount_cents: string;
    payout_date: string;
    fingerprint: string | null;
  }>(
    `select stream_id, payload->>'withdrawalId' as withdrawal_id, payload->>'amountCents' as amount_cents,
            payload->>'payoutDate' as payout_date, payload->>'bankingFingerprint' as fingerprint
       from ledger_events
      where stream_id = any($1::text[]) and type = 'WithdrawalPaidOut'`,
    [itemStreams],
  );
  const payouts = new Map<
    string,
    { stream: string; amountCents: string; payoutDate: string; fingerprint: string | null }[]
  >();
  for (const row of paidOut) {
    const list = payouts.get(row.withdrawal_id) ?? [];
    list.push({
      stream: row.stream_id,
      amountCents: row.amount_cents,
      payoutDate: row.payout_date,
      fingerprint: row.fingerprint,
    });
    payouts.set(row.withdrawal_id, list);
  }
  // each withdrawal's last approval (a withdrawal sent back for re-approval has several)
  const approvals = await q.query<{ withdrawal_id: string; fingerprint: string | null }>(
    `select distinct on (payload->>'withdrawalId') payload->>'withdrawalId' as withdrawal_id,
            payload->>'bankingFingerprint' as fingerprint
       from ledger_events
      where stream_id = any($1::text[]) and type = 'WithdrawalApproved'
      order by payload->>'withdrawalId', seq desc`,
    [itemStreams],
  );
  const approvedFor = new Map(approvals.map((row) => [row.withdrawal_id, row.fingerprint]));
  let beforeFingerprints = 0;

  const listedIn = new Map<number, number>();
  let items = 0;
  for (const { seq, data } of files) {
    const label = `payout file ${data.payoutFileId} (${payoutFileName(data, 'csv')}, ${payoutFileName(data, 'xml')})`;
    if (data.itemCount !== data.items.length || data.items.length === 0) {
      return fail(seq, `FAILED: ${label} lists ${data.items.length} items but records ${data.itemCount}`);
    }
    if (payoutTotalCents(data.items).toString() !== data.totalCents) {
      return fail(seq, `FAILED: ${label}: its items do not add up to its total of ${data.totalCents} cents`);
    }
    for (const item of data.items) {
      items += 1;
      if (item.endToEndId !== payoutEndToEndId(item.withdrawalId)) {
        return fail(seq, `FAILED: ${label}: item ${item.endToEndId} does not name withdrawal ${item.withdrawalId}`);
      }
      const other = listedIn.get(item.withdrawalId);
      if (other !== undefined) {
        return fail(seq, `FAILED: ${label}: withdrawal ${item.withdrawalId} is also in payout file ${other}`);
      }
      listedIn.set(item.withdrawalId, data.payoutFileId);
      const events = payouts.get(String(item.withdrawalId)) ?? [];
      const [paid] = events;
      if (
        events.length !== 1 ||
        paid.stream !== `account-${item.userId}` ||
        paid.amountCents !== item.amountCents ||
        paid.payoutDate !== data.payoutDate
      ) {
        return fail(
          seq,
          `FAILED: ${label}: withdrawal ${item.withdrawalId} of ${item.amountCents} cents was not paid out once, ` +
            `by that amount on ${data.payoutDate}, on its customer's stream`,
        );
      }
      const approved = approvedFor.get(String(item.withdrawalId)) ?? null;
      if (approved === null && paid.fingerprint === null) {
        beforeFingerprints += 1;
        continue;
      }
      const itemFingerprint = bankingFingerprintKey
        ? bankingFingerprint(bankingFingerprintKey, {
            beneficiaryName: item.beneficiary,
            iban: item.iban,
            bic: item.bic,
          })
        : approved;
      if (approved === null || paid.fingerprint !== approved || itemFingerprint !== approved) {
        return fail(
          seq,
          `FAILED: ${label}: item ${item.endToEndId} (withdrawal ${item.withdrawalId}) pays banking details ` +
            'other than the ones its approval recorded',
        );
      }
    }
    const stored = documentsByFile.get(String(data.payoutFileId)) ?? [];
    documentsByFile.delete(String(data.payoutFileId));
    for (const format of PAYOUT_FILE_FORMATS) {
      const fileName = payoutFileName(data, format);
      const document = stored.find((candidate) => candidate.format === format);
      if (!document) return fail(seq, `FAILED: ${fileName} (payout file ${data.payoutFileId}) is not stored`);
      if (sha256(document.content) !== data.sha256[format] || document.sha256 !== data.sha256[format]) {
        return fail(
          seq,
          `FAILED: ${fileName} (payout file ${data.payoutFileId}): the stored bytes do not match the hash in its ledger event`,
        );
      }
      if (!document.content.equals(Buffer.from(renderPayoutFile(data, format), 'utf8'))) {
        return fail(
          seq,
          `FAILED: ${fileName} (payout file ${data.payoutFileId}): the stored bytes differ from the items its ledger event records`,
        );
      }
      if (
        document.item_count !== data.itemCount ||
        document.total_cents !== data.totalCents ||
        document.event_seq !== seq
      ) {
        return fail(
          seq,
          `FAILED: ${fileName} (payout file ${data.payoutFileId}): its count or total differ from its event`,
        );
      }
    }
  }
  const [orphan] = documentsByFile.keys();
  if (orphan !== undefined) {
    return fail(null, `FAILED: payout file ${orphan} has stored files but no PayoutFileIssued event`);
  }
  return {
    name,
    ok: true,
    checked: files.length,
    detail:
      `${files.length} payout files (${items} items): each paid out by the ledger, ` +
      'its totals and hashes in its event, its stored CSV and XML exactly what the event renders; ' +
      (bankingFingerprintKey
        ? 'every item paid to the banking details its approval recorded'
        : "every item paid under its approval's fingerprint (item details not rehashed: no key given)") +
      (beforeFingerprints > 0 ? ` (${beforeFingerprints} paid before fingerprints were recorded)` : ''),
    firstBadSeq: null,
  };
}
