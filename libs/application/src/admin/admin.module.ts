import { Module } from '@nestjs/common';
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
import { ListAdminUsersHandler, ListAdminUsersJsonHandler } from './admin-users.handler';
import { GetPlatformDailyHandler } from './platform-daily.handler';

/** Back-office read models and notifications (needs CqrsModule.forRoot() at the root). */
@Module({
  providers: [
    ListAdminUsersHandler,
    ListAdminUsersJsonHandler,
    ListAdminTransactionsHandler,
    ListAdminWithdrawalsHandler,
    ListAdminDepositRequestsHandler,
    ListAdminNotificationsHandler,
    MarkNotificationReadHandler,
    MarkAllNotificationsReadHandler,
    GetPlatformDailyHandler,
  ],
})
export class AdminApplicationModule {}
