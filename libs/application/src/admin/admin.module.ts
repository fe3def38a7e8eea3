import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ListAdminDepositRequestsHandler,
  ListAdminTransactionsHandler,
  ListAdminWithdrawalsHandler,
} from './admin-lists.handler';
import {
  ListAdminNotificationsHandler,
  MarkAllNotificationsReadHandler,
  MarkNotificationReadHandler,
} from './admin-notifications.handler';
import { ListAdminUsersHandler } from './admin-users.handler';

/** Back-office read models (users, transactions, withdrawals, deposit requests) and notifications. */
@Module({
  imports: [CqrsModule],
  providers: [
    ListAdminUsersHandler,
    ListAdminTransactionsHandler,
    ListAdminWithdrawalsHandler,
    ListAdminDepositRequestsHandler,
    ListAdminNotificationsHandler,
    MarkNotificationReadHandler,
    MarkAllNotificationsReadHandler,
  ],
})
export class AdminApplicationModule {}
