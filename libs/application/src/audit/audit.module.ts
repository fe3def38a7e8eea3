import { Module } from '@nestjs/common';
import { ListAuditLogHandler } from './audit-log.handler';
import { LedgerLogExport } from './ledger-log-export';

/** The auditor console's ledger reads and the log export (verify runs: verify-runs.ts, run by the worker). */
@Module({
  providers: [ListAuditLogHandler, LedgerLogExport],
  exports: [LedgerLogExport],
})
export class AuditApplicationModule {}
