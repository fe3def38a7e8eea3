import { Module } from '@nestjs/common';
import { MoneyModule } from '@savings/application';
import { AuditController } from './audit.controller';

@Module({ imports: [MoneyModule], controllers: [AuditController] })
export class AuditModule {}
