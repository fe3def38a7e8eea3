import { Module, type DynamicModule } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BullModule } from '@nestjs/bullmq';
import { BullBoardModule } from '@bull-board/nestjs';
import { ExpressAdapter } from '@bull-board/express';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@savings/config';
import {
  GetSessionUserQuery,
  INTEREST_QUEUE,
  PAYOUTS_QUEUE,
  bullConnection,
  defaultJobOptions,
  type SessionUser,
} from '@savings/application';
import { Messages } from '@savings/contracts';

/**
 * The BullMQ dashboard (bull-board) at /api/admin/queues, for admins only: failed jobs are kept
 * there for inspection and can be retried. The check re-reads the session's user and role like the
 * session guard, since bull-board's router sits outside Nest's guards.
 */
@Module({})
export class QueueDashboardModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: QueueDashboardModule,
      imports: [
        BullModule.forRoot({ prefix: config.queuePrefix, connection: bullConnection(config), defaultJobOptions }),
        BullModule.registerQueue({ name: INTEREST_QUEUE }, { name: PAYOUTS_QUEUE }),
        BullBoardModule.forRootAsync({
          inject: [QueryBus],
          useFactory: (queries: QueryBus) => ({
            route: '/admin/queues',
            adapter: ExpressAdapter,
            boardOptions: { uiConfig: { boardTitle: 'Savings jobs' } },
            middleware: adminOnly(queries),
          }),
        }),
        BullBoardModule.forFeature(
          { name: INTEREST_QUEUE, adapter: BullMQAdapter },
          { name: PAYOUTS_QUEUE, adapter: BullMQAdapter },
        ),
      ],
    };
  }
}

function adminOnly(queries: QueryBus) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const userId = req.session?.passport?.user;
    if (typeof userId !== 'number') {
      res.status(401).json({ message: Messages.authenticationRequired });
      return;
    }
    queries
      .execute<GetSessionUserQuery, SessionUser | null>(new GetSessionUserQuery(userId))
      .then((user) => {
        if (!user) res.status(401).json({ message: Messages.authenticationRequired });
        else if (user.role !== 'admin') res.status(403).json({ message: Messages.adminRequired });
        else next();
      })
      .catch(next);
  };
}
