import {
  decide,
  DomainError,
  isDomainError,
  StaffMessages,
  type AccountCommand,
  type AccountEvent,
  type ApprovalState,
} from '@savings/domain';
import type { LoadedAccount } from '../money/account-ledger';
import { approveWithdrawalCommand, type WithdrawalApprovalRules } from '../money/withdrawal-approval';

/**
 * The account command a granted approval runs: the move the maker asked for, as the maker's (the
 * events' adminId is the maker; their metadata names maker and checker). One source for the five
 * moves: the same domain commands the direct admin calls send.
 */
export function accountCommandOf(
  approval: ApprovalState,
  account: LoadedAccount,
  /** a granted withdrawal meets the banking-detail rules of a direct approval (contract sections 14, 15) */
  withdrawalRules: WithdrawalApprovalRules,
): AccountCommand {
  const adminId = approval.makerId;
  const { note, amountCents } = approval;
  // a credit of a bank statement line stays one: the grant's deposit names the line (of this amount)
  const statementLine =
    approval.statementLineId !== undefined ? { id: approval.statementLineId, amountCents } : undefined;
  switch (approval.kind) {
    case 'balance_add':
    case 'balance_subtract':
      return {
        type: 'AdjustBalance',
        data: { operation: approval.kind === 'balance_add' ? 'add' : 'subtract', amountCents, adminId, note },
      };
    case 'deposit':
      return {
        type: 'ConfirmDeposit',
        data: { amountCents, note, adminId, referenceCode: account.holder.referenceCode, statementLine },
      };
    case 'deposit_request': {
      const depositRequestId = approval.depositRequestId as number;
      // an edit voids the approval in its own transaction; this guards the rule where it is used
      if (account.state.depositRequests.get(depositRequestId)?.amountCents !== amountCents) throw notForThis();
      return {
        type: 'ConfirmDepositRequest',
        data: { depositRequestId, note, adminId, referenceCode: account.holder.referenceCode, statementLine },
      };
    }
    case 'withdrawal': {
      const withdrawalId = approval.withdrawalId as number;
      if (account.state.withdrawals.get(withdrawalId)?.amountCents !== amountCents) throw notForThis();
      return approveWithdrawalCommand(withdrawalId, adminId, account.holder, withdrawalRules);
    }
    default: {
      const unreachable: never = approval.kind;
      throw new Error(`Unhandled approval kind ${String(unreachable)}`);
    }
  }
}

function notForThis(): DomainError {
  return new DomainError('APPROVAL.NOT_PENDING', 'conflict', StaffMessages.notPending);
}

/**
 * The granted move decided on the account as it is now. What was valid when asked may not be any
 * more (the balance ceiling, the available balance, banking details): that is 409, a conflict with
 * what happened since, not a bad request (api-contract.md section 9).
 */
export function decideGrantedMove(
  approval: ApprovalState,
  account: LoadedAccount,
  withdrawalRules: WithdrawalApprovalRules,
): AccountEvent[] {
  try {
    return decide(accountCommandOf(approval, account, withdrawalRules), account.state);
  } catch (error) {
    if (isDomainError(error) && error.kind === 'invalid') {
      throw new DomainError(error.code, 'conflict', error.message);
    }
    throw error;
  }
}
