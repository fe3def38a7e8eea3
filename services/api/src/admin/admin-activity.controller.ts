import { Controller, Get, HttpCode, HttpStatus, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  GetPlatformDailyQuery,
  ListAdminNotificationsQuery,
  ListAdminTransactionsQuery,
  MarkAllNotificationsReadCommand,
  MarkNotificationReadCommand,
} from '@savings/application';
import {
  CHART_DAYS,
  type AdminNotificationItem,
  type AdminNotificationsResponse,
  type AdminTransactionsResponse,
  type PlatformDailyResponse,
} from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { ListNotificationsQueryDto, ListTransactionsQueryDto } from './admin.dto';
import {
  AdminNotificationDto,
  AdminNotificationsResponseDto,
  AdminTransactionsResponseDto,
  PlatformDailyResponseDto,
} from './admin-response.dto';
import { IdParamPipe } from '../http/id-param.pipe';

/** The admin transaction history and the notifications of new deposit and withdrawal requests. */
@ApiTags('admin')
@Controller('admin')
export class AdminActivityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('transactions')
  @AdminOrAuditor()
  @ApiOperation({
    summary: 'Admin balance changes with customer and admin names, newest first, 50 at most per page',
    description: 'Filters: userId or q (part of the name, e-mail or reference code), kind; total counts every match.',
  })
  @ApiOkResponse({ type: AdminTransactionsResponseDto })
  transactions(@Query() query: ListTransactionsQueryDto): Promise<AdminTransactionsResponse> {
    return this.queries.execute(new ListAdminTransactionsQuery(query));
  }

  @Get('charts/daily')
  @AdminOrAuditor()
  @ApiOperation({
    summary: `The last ${CHART_DAYS} days: total balance at each day's end, deposits, withdrawals and interest`,
  })
  @ApiOkResponse({ type: PlatformDailyResponseDto })
  daily(): Promise<PlatformDailyResponse> {
    return this.queries.execute(new GetPlatformDailyQuery(CHART_DAYS));
  }

  @Get('notifications')
  @AdminOrAuditor()
  @ApiOperation({ summary: 'Newest notifications (100 unless limit is given) and the unread count' })
  @ApiOkResponse({ type: AdminNotificationsResponseDto })
  notifications(@Query() query: ListNotificationsQueryDto): Promise<AdminNotificationsResponse> {
    return this.queries.execute(
      new ListAdminNotificationsQuery({
        limit: query.limit,
        offset: query.offset,
        unreadOnly: query.unreadOnly === 'true',
      }),
    );
  }

  @Patch('notifications/read-all')
  @AdminOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mark every notification read' })
  @ApiOkResponse({ description: '{marked}: how many were unread' })
  readAll(): Promise<{ marked: number }> {
    return this.commands.execute(new MarkAllNotificationsReadCommand());
  }

  @Patch('notifications/:id/read')
  @AdminOnly()
  @ApiOperation({ summary: 'Mark one notification read' })
  @ApiOkResponse({ type: AdminNotificationDto })
  @ApiNotFoundResponse({ description: 'Unknown notification' })
  read(@Param('id', IdParamPipe) id: number): Promise<AdminNotificationItem> {
    return this.commands.execute(new MarkNotificationReadCommand(id));
  }
}
