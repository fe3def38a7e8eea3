import { Module } from '@nestjs/common';
import { PersonalDataModule as PersonalDataQueriesModule } from '@savings/application';
import { AccountExportController } from './account-export.controller';

/** /api/user/export: the customer's own data as one document (api-contract.md section 18). */
@Module({
  imports: [PersonalDataQueriesModule],
  controllers: [AccountExportController],
})
export class PersonalDataModule {}
