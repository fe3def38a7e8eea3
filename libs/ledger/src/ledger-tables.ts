/**
 * Names of the read-model tables. Live appends and `ledger replay` use the real ones; verify replays
 * into temporary copies under other names and compares.
 */
export interface ReadModelTables {
  accounts: string;
  /** heads of the streams that are not accounts */
  streams: string;
  depositRequests: string;
  withdrawals: string;
  deposits: string;
  adminTransactions: string;
  interestPayments: string;
  approvals: string;
}

export const READ_MODEL_TABLES: ReadModelTables = {
  accounts: 'accounts',
  streams: 'ledger_streams',
  depositRequests: 'deposit_requests',
  withdrawals: 'withdrawals',
  deposits: 'deposits',
  adminTransactions: 'admin_transactions',
  interestPayments: 'interest_payments',
  approvals: 'approvals',
};

export const REPLAY_TEMP_TABLES: ReadModelTables = {
  accounts: 'replay_accounts',
  streams: 'replay_ledger_streams',
  depositRequests: 'replay_deposit_requests',
  withdrawals: 'replay_withdrawals',
  deposits: 'replay_deposits',
  adminTransactions: 'replay_admin_transactions',
  interestPayments: 'replay_interest_payments',
  approvals: 'replay_approvals',
};
