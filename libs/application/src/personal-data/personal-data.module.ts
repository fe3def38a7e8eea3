import { Module } from '@nestjs/common';
import { StatementsModule } from '../statements/statements.module';
import { GetAccountExportHandler } from './account-export.handler';

/**
 * A customer's personal data as a whole (api-contract.md section 18): the export of everything held
 * about them, and the history it lists (needs CqrsModule.forRoot() at the root).
 */
@Module({
  imports: [StatementsModule],
  providers: [GetAccountExportHandler],
})
export class PersonalDataModule {}
