import type { WithdrawalReturn, WithdrawalStatus } from '@savings/contracts';
import { WithdrawalReturnMessages, type WithdrawalReturnReason } from '@savings/domain';

/**
 * Why a withdrawal is pending again after its approval (api-contract.md section 15), as the customer's
 * and the admins' lists show it: only while it waits for its new approval.
 */
export function withdrawalReturnOf(
  status: WithdrawalStatus,
  returnedAt: Date | null,
  reason: WithdrawalReturnReason | null,
): WithdrawalReturn | null {
  if (status !== 'pending' || returnedAt === null || reason === null) return null;
  return { at: new Date(returnedAt).toISOString(), reason, message: WithdrawalReturnMessages[reason] };
}
