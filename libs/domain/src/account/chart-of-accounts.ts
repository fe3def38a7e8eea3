/**
 * The chart of accounts, in one place. Postings are debit-positive, credit-negative; the postings of
 * every event sum to zero, so the whole ledger does. A customer's balance is minus the sum of their
 * liability account (we owe it to them).
 */
// frozen rather than `as const` (the same literal types): Stryker does not mutate inside `as const`
export const ChartOfAccounts = Object.freeze({
  customer: (userId: number | string) => `customer:${userId}`,
  cash: 'platform:cash',
  interestExpense: 'platform:interest_expense',
  adjustments: 'platform:adjustments',
  withdrawalsPayable: 'platform:withdrawals_payable',
});

export const CUSTOMER_ACCOUNT_PREFIX = 'customer:';
