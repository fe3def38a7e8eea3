import { createHmac } from 'node:crypto';
import { canonicalBankingDetails, type BankingDetails } from '@savings/domain';

/**
 * The keyed fingerprint of banking details (api-contract.md section 15): HMAC-SHA-256 under the
 * server's BANKING_FINGERPRINT_KEY of their canonical text (libs/domain), in lower-case hex. An
 * approval records it instead of the details; the payout and `ledger verify` compute it again from
 * the details a transfer goes to. Without the key nobody can tell which details a fingerprint names.
 */
export function bankingFingerprint(key: Buffer, details: BankingDetails): string {
  return createHmac('sha256', key).update(canonicalBankingDetails(details), 'utf8').digest('hex');
}
