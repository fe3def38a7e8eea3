import { bankingCoolingOffEnd, type AccountCommand } from '@savings/domain';
import { bankingFingerprint } from '@savings/ledger';
import { bankingDetailsOf, hasBankingDetails, type AccountHolder } from './account-ledger';

/** What approving a withdrawal needs besides the account: the settings and the decision's now. */
export interface WithdrawalApprovalRules {
  /** BANKING_COOLDOWN_HOURS (api-contract.md section 14) */
  cooldownHours: number;
  /** BANKING_FINGERPRINT_KEY: the approval records the fingerprint of the details (section 15) */
  bankingFingerprintKey: Buffer;
  now: Date;
}

/**
 * The ApproveWithdrawal command of an admin's approval, direct or granted by a second admin (one
 * source for both): the holder's banking details are complete, not cooling off after a change, and
 * their keyed fingerprint is what the approval records, so the payout pays only to them.
 */
export function approveWithdrawalCommand(
  withdrawalId: number,
  adminId: number | null,
  holder: AccountHolder,
  rules: WithdrawalApprovalRules,
): AccountCommand {
  return {
    type: 'ApproveWithdrawal',
    data: {
      withdrawalId,
      adminId,
      bankingDetailsComplete: hasBankingDetails(holder),
      bankingDetailsHeldUntil:
        bankingCoolingOffEnd(holder.bankingDetailsChangedAt, rules.cooldownHours)?.toISOString() ?? null,
      at: rules.now.toISOString(),
      bankingFingerprint: bankingFingerprint(rules.bankingFingerprintKey, bankingDetailsOf(holder)),
    },
  };
}
