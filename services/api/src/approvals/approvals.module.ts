import { Module } from '@nestjs/common';
import { ApprovalsModule } from '@savings/application';
import { ApprovalsController } from './approvals.controller';

@Module({
  imports: [ApprovalsModule],
  controllers: [ApprovalsController],
})
export class ApprovalsApiModule {}
