import { Module } from '@nestjs/common';
import { StatementsModule as StatementsQueriesModule } from '@savings/application';
import { AdminStatementsController } from './admin-statements.controller';
import { StatementsController } from './statements.controller';

/** /api/user/statements (own account) and /api/admin/users/{id}/statements (admins and auditors). */
@Module({
  imports: [StatementsQueriesModule],
  controllers: [StatementsController, AdminStatementsController],
})
export class StatementsModule {}
