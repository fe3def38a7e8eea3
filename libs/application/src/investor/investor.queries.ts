/** Read-side calls of the investor area; each handler reads projection tables directly. */
export class GetDashboardQuery {
  constructor(
    readonly userId: number,
    readonly now: Date = new Date(),
  ) {}
}

export class ListAccountActivityQuery {
  constructor(readonly userId: number) {}
}

export class ListDepositRequestsQuery {
  constructor(readonly userId: number) {}
}

export class ListWithdrawalsQuery {
  constructor(readonly userId: number) {}
}

export class ListInterestPaymentsQuery {
  constructor(readonly userId: number) {}
}

/** The customer's last `days` days (APP_TIMEZONE): balance at each day's end and interest credited. */
export class GetInvestorDailyQuery {
  constructor(
    readonly userId: number,
    readonly days: number,
    readonly now: Date = new Date(),
  ) {}
}
