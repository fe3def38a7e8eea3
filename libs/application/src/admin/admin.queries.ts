import { Query } from '@nestjs/cqrs';
import type {
  AdminListParams,
  AdminTransactionFilter,
  AdminUserSort,
  SortOrder,
  AdminDepositRequestsResponse,
  AdminNotificationsResponse,
  AdminTransactionsResponse,
  AdminUsersResponse,
  AdminWithdrawalsResponse,
  DepositRequestFilter,
  HolderType,
  PlatformDailyResponse,
  WithdrawalFilter,
} from '@savings/contracts';

export interface AdminUsersOptions {
  /** Page size; absent returns every matching user. */
  limit?: number;
  offset?: number;
  sort?: AdminUserSort;
  order?: SortOrder;
  /** Case-insensitive substring of name, e-mail, reference code, legal name or registration number. */
  q?: string;
  /** Only persons, or only companies, or only foundations. */
  holderType?: HolderType;
}

/** Users with balances and the platform totals, one set-based statement. */
export class ListAdminUsersQuery extends Query<AdminUsersResponse> {
  constructor(readonly options: AdminUsersOptions = {}) {
    super();
  }
}

/**
 * The same list as ListAdminUsersQuery, as the finished JSON text of the response, built by
 * PostgreSQL: 10,000 users never become 10,000 JavaScript objects to be serialised again.
 */
export class ListAdminUsersJsonQuery extends Query<string> {
  constructor(readonly options: AdminUsersOptions = {}) {
    super();
  }
}

export interface PageOptions {
  limit?: number;
  offset?: number;
}

/**
 * Admin balance changes, newest first, with the customer's and the admin's names; one page (every
 * match without limit) and the number matching.
 */
export class ListAdminTransactionsQuery extends Query<AdminTransactionsResponse> {
  constructor(readonly options: AdminListParams & { kind?: AdminTransactionFilter } = {}) {
    super();
  }
}

/** Withdrawals in one status (pending by default) or 'all', newest first; one page and the number matching. */
export class ListAdminWithdrawalsQuery extends Query<AdminWithdrawalsResponse> {
  constructor(readonly options: AdminListParams & { status?: WithdrawalFilter } = {}) {
    super();
  }
}

/** Deposit requests in one status (pending by default) or 'all', newest first; one page and the number matching. */
export class ListAdminDepositRequestsQuery extends Query<AdminDepositRequestsResponse> {
  constructor(readonly options: AdminListParams & { status?: DepositRequestFilter } = {}) {
    super();
  }
}

/** The platform's last `days` days (APP_TIMEZONE): total balance at each day's end, deposits, withdrawals, interest. */
export class GetPlatformDailyQuery extends Query<PlatformDailyResponse> {
  constructor(
    readonly days: number,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

/** Newest notifications and the number still unread. */
export class ListAdminNotificationsQuery extends Query<AdminNotificationsResponse> {
  constructor(readonly options: PageOptions & { unreadOnly?: boolean } = {}) {
    super();
  }
}
