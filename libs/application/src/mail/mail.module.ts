import { Module } from '@nestjs/common';
import { MailDelivery } from './mail-delivery';
import { MailOutbox } from './mail-outbox';
import { MailRelay } from './mail-relay';

/** Writing mail (the outbox, for every process) and sending it (the worker). Needs PlatformModule. */
@Module({
  providers: [MailOutbox, MailRelay, MailDelivery],
  exports: [MailOutbox, MailRelay, MailDelivery],
})
export class MailModule {}
