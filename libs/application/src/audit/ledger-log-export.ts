import { Inject, Injectable } from '@nestjs/common';
import type { Sql } from '@savings/database';
import { exportLog, sealBlocks, type LogExportSummary } from '@savings/ledger';
import { SQL } from '../platform/tokens';

/**
 * The event log as JSON Lines (libs/ledger/src/log-export.ts): seals what is not sealed yet, so the
 * file ends on a block, then streams it to `write` a page at a time.
 */
@Injectable()
export class LedgerLogExport {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async run(write: (text: string) => Promise<void> | void): Promise<LogExportSummary> {
    await sealBlocks(this.sql);
    return exportLog(this.sql, write);
  }
}
