/** The auditor console's reads of the ledger. */

/** A page of the log in seq order with each event's block; returns AuditLogResponse. */
export class ListAuditLogQuery {
  constructor(
    readonly after: number,
    readonly limit: number,
    /** only this account's stream */
    readonly userId: number | null = null,
  ) {}
}
