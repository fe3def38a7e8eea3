import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { AUDIT_QUEUE, AuditApplicationModule, MoneyModule } from '@savings/application';
import { AuditController } from './audit.controller';
import { VerifyRunsService } from './verify-runs.service';

@Module({
  imports: [MoneyModule, AuditApplicationModule, BullModule.registerQueue({ name: AUDIT_QUEUE })],
  controllers: [AuditController],
  providers: [VerifyRunsService],
})
export class AuditModule {}
