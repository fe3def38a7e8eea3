import { Module } from '@nestjs/common';
import { InterestSummaries } from './interest-summary';
import { MailDelivery } from './mail-delivery';
import { MailOutbox } from './mail-outbox';
import { MailRelay } from './mail-relay';

/** Writing mail (the outbox, for every process) and sending it (the worker). Needs PlatformModule. */
@Module({
  providers: [MailOutbox, MailRelay, MailDelivery, InterestSummaries],
  exports: [MailOutbox, MailRelay, MailDelivery, InterestSummaries],
})
export class MailModule {}
