import { Module } from '@nestjs/common';
import { AdminApplicationModule, MoneyModule, UsersModule } from '@savings/application';
import { AdminActivityController } from './admin-activity.controller';
import { AdminDepositsController } from './admin-deposits.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminWithdrawalsController } from './admin-withdrawals.controller';

/** The back office: admins change, auditors read. Money moves only through the ledger's commands. */
@Module({
  imports: [AdminApplicationModule, MoneyModule, UsersModule],
  controllers: [AdminUsersController, AdminDepositsController, AdminWithdrawalsController, AdminActivityController],
})
export class AdminModule {}
