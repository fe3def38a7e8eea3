import type { DepositRequestItem, WithdrawalItem } from '@savings/contracts';

/**
 * What the money command handlers return: plain JSON-ready objects in the contract's shapes, so a
 * controller can return them as they are. Every result carries the account's balances after the
 * command (read-your-writes without another query).
 */
export interface AccountBalances {
  userId: number;
  balance: number;
  availableBalance: number;
  /** stream version after the command */
  version: number;
}

export interface DepositRequestResult {
  depositRequest: DepositRequestItem & { userId: number };
  account: AccountBalances;
}

export interface WithdrawalResult {
  withdrawal: WithdrawalItem & { userId: number };
  account: AccountBalances;
}

export interface DepositResult {
  deposit: {
    id: number;
    userId: number;
    amount: number;
    referenceCode: string;
    status: 'confirmed';
    note: string | null;
    depositRequestId: number | null;
    createdAt: string;
  };
  account: AccountBalances;
}

export interface ConfirmDepositRequestResult extends DepositRequestResult {
  deposit: DepositResult['deposit'];
}

export interface AdjustBalanceResult {
  transaction: {
    id: number;
    userId: number;
    adminId: number | null;
    type: 'add' | 'subtract';
    amount: number;
    balanceBefore: number;
    balanceAfter: number;
    note: string | null;
    createdAt: string;
  };
  account: AccountBalances;
}
