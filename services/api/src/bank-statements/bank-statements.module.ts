import { Module } from '@nestjs/common';
import { ReconciliationModule } from '@savings/application';
import { BankStatementsController } from './bank-statements.controller';

@Module({ imports: [ReconciliationModule], controllers: [BankStatementsController] })
export class BankStatementsModule {}
