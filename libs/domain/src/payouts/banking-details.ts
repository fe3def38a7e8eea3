/**
 * Where a withdrawal is paid (api-contract.md section 15, "payouts go where they were approved";
 * docs/decisions/0031-banking-fingerprints-and-statement-links.md). An approval records a keyed
 * fingerprint of the banking details it was approved for, never the details themselves; the payout
 * pays an item only to details with that same fingerprint. The key is the server's (HMAC-SHA-256,
 * computed outside this pure library); what is fingerprinted, and when two details are the same, is
 * decided here.
 */

/** The banking details a transfer goes to, as saved (any spacing or case). */
export interface BankingDetails {
  beneficiaryName: string | null;
  iban: string | null;
  bic: string | null;
}

/** Why an approved, unpaid withdrawal went back to `pending` (it then needs a new approval). */
export type WithdrawalReturnReason = 'banking-details-changed' | 'banking-details-differ-at-payout';

export const WITHDRAWAL_RETURN_REASONS: readonly WithdrawalReturnReason[] = [
  'banking-details-changed',
  'banking-details-differ-at-payout',
];

/** The reason in a sentence, for customers and admins alike. */
export const WithdrawalReturnMessages: Record<WithdrawalReturnReason, string> = {
  'banking-details-changed':
    'The banking details changed after this withdrawal was approved, so it needs a new approval.',
  'banking-details-differ-at-payout':
    'At payout the banking details differed from the ones this withdrawal was approved for, so it needs a new approval.',
};

const spaces = /\s+/g;

/**
 * The details as one text, the same for the same destination: the name in Unicode NFKC with runs of
 * spaces folded and in capitals (a bank compares names loosely; a change of case sends money nowhere
 * new), IBAN and BIC without spaces in capitals, and an 11-character BIC of a head office (`XXX`) as
 * its 8 characters. A missing field is empty. Written as a JSON array, so no field can run into the
 * next.
 */
export function canonicalBankingDetails(details: BankingDetails): string {
  const name = (details.beneficiaryName ?? '').normalize('NFKC').replace(spaces, ' ').trim().toUpperCase();
  const iban = (details.iban ?? '').replace(spaces, '').toUpperCase();
  const bic = (details.bic ?? '').replace(spaces, '').toUpperCase();
  return JSON.stringify([name, iban, bic.length === 11 && bic.endsWith('XXX') ? bic.slice(0, 8) : bic]);
}

/**
 * Whether money approved for `approved` (the approval's fingerprint) may be paid to details of
 * fingerprint `current`. An approval that recorded none (made before fingerprints existed) is never
 * payable: it needs a new approval that records where to.
 */
export function isPayableTo(approved: string | null | undefined, current: string): boolean {
  return typeof approved === 'string' && approved !== '' && approved === current;
}
