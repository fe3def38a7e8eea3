import { Module } from '@nestjs/common';
import { JobsModule } from '@savings/application';
import { PayoutsController } from './payouts.controller';

@Module({ imports: [JobsModule], controllers: [PayoutsController] })
export class PayoutsModule {}
