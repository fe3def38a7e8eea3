import { ChartOfAccounts } from './chart-of-accounts';
import type { LedgerEvent } from './account-events';

export interface Posting {
  account: string;
  /** debit positive, credit negative */
  amountCents: bigint;
}

/** The double-entry lines of one event; they sum to zero. Events that move no money post nothing. */
export function postingsOf(userId: number | string, event: LedgerEvent): Posting[] {
  const customer = ChartOfAccounts.customer(userId);
  const pair = (debit: string, credit: string, cents: bigint): Posting[] =>
    cents === 0n
      ? []
      : [
          { account: debit, amountCents: cents },
          { account: credit, amountCents: -cents },
        ];
  switch (event.type) {
    case 'DepositRequested':
    case 'DepositRequestAmountChanged':
    case 'DepositRequestCancelled':
    case 'WithdrawalRequested':
    case 'WithdrawalAmountChanged':
    case 'WithdrawalCancelled':
    case 'PayoutFileIssued': // the money moved with each item's WithdrawalPaidOut
    case 'ProofRootCommitted':
      return [];
    // approvals decide when money moves; the move is the account event appended with the grant
    case 'ApprovalRequested':
    case 'ApprovalGranted':
    case 'ApprovalRejected':
    case 'ApprovalVoided':
      return [];
    case 'DepositConfirmed':
      return pair(ChartOfAccounts.cash, customer, BigInt(event.data.amountCents));
    case 'WithdrawalApproved':
      return pair(customer, ChartOfAccounts.withdrawalsPayable, BigInt(event.data.amountCents));
    case 'WithdrawalReturnedForReapproval': // the approval's posting, reversed
      return pair(ChartOfAccounts.withdrawalsPayable, customer, BigInt(event.data.amountCents));
    case 'WithdrawalPaidOut':
      return pair(ChartOfAccounts.withdrawalsPayable, ChartOfAccounts.cash, BigInt(event.data.amountCents));
    case 'BalanceAdjusted':
      return event.data.operation === 'add'
        ? pair(ChartOfAccounts.adjustments, customer, BigInt(event.data.amountCents))
        : pair(customer, ChartOfAccounts.adjustments, BigInt(event.data.amountCents));
    case 'InterestAccrued':
      return pair(ChartOfAccounts.interestExpense, customer, BigInt(event.data.creditedCents));
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled event ${String(unreachable)}`);
    }
  }
}
