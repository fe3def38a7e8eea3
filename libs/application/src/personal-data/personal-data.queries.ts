/** Everything held about the customer, as one document (GET /api/user/export); returns AccountExport. */
export class GetAccountExportQuery {
  constructor(
    readonly userId: number,
    readonly now: Date = new Date(),
  ) {}
}
