import { Module } from '@nestjs/common';
import { GetPayoutFileContentHandler, ListPayoutFilesHandler } from '../payouts/payout-files.queries';
import { PayoutRunService } from '../payouts/payout-run.service';
import { ProofModule } from '../proof/proof.module';
import { InterestRunService } from './interest-run.service';

/**
 * Orchestration of the scheduled work, used unchanged by the worker's processors, the command line
 * and the benchmark. Needs CqrsModule.forRoot() and the ledger's money handlers in the application.
 */
@Module({
  imports: [ProofModule],
  providers: [InterestRunService, PayoutRunService, ListPayoutFilesHandler, GetPayoutFileContentHandler],
  exports: [InterestRunService, PayoutRunService],
})
export class JobsModule {}
