import { Module } from '@nestjs/common';
import { InvestorQueriesModule, MoneyModule, UsersModule } from '@savings/application';
import { AuthModule } from '../auth/auth.module';
import { InvestorChartsController } from './investor-charts.controller';
import { InvestorController } from './investor.controller';

/** /api/user/*: the investor area; its money commands are the ledger's (MoneyModule). */
@Module({
  imports: [AuthModule, UsersModule, InvestorQueriesModule, MoneyModule],
  controllers: [InvestorController, InvestorChartsController],
})
export class InvestorModule {}
