/**
 * The chart of accounts, in one place. Postings are debit-positive, credit-negative; the postings of
 * every event sum to zero, so the whole ledger does. A customer's balance is minus the sum of their
 * liability account (we owe it to them).
 */
export const ChartOfAccounts = {
  customer: (userId: number | string) => `customer:${userId}`,
  cash: 'platform:cash',
  interestExpense: 'platform:interest_expense',
  adjustments: 'platform:adjustments',
  withdrawalsPayable: 'platform:withdrawals_payable',
} as const;

export const CUSTOMER_ACCOUNT_PREFIX = 'customer:';
