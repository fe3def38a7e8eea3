import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { BullBoardModule } from '@bull-board/nestjs';
import { ExpressAdapter } from '@bull-board/express';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@savings/config';
import { INTEREST_QUEUE, PAYOUTS_QUEUE, bullConnection, defaultJobOptions } from '@savings/application';
import { Messages } from '@savings/contracts';
import { sessionUserOf } from '../auth/session-identity';

/**
 * The BullMQ dashboard (bull-board) at /api/admin/queues, for admins only: failed jobs are kept
 * there for inspection and can be retried. The check reads the session's user and role like the
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
        BullBoardModule.forRoot({
          route: '/admin/queues',
          adapter: ExpressAdapter,
          boardOptions: { uiConfig: { boardTitle: 'Savings jobs' } },
          middleware: adminOnly,
        }),
        BullBoardModule.forFeature(
          { name: INTEREST_QUEUE, adapter: BullMQAdapter },
          { name: PAYOUTS_QUEUE, adapter: BullMQAdapter },
        ),
      ],
    };
  }
}

/** The queue dashboard is plain Express (bull-board): the same session identity as the guards, admins only. */
function adminOnly(req: Request, res: Response, next: NextFunction): void {
  const user = sessionUserOf(req);
  if (!user) res.status(401).json({ message: Messages.authenticationRequired });
  else if (user.role !== 'admin') res.status(403).json({ message: Messages.adminRequired });
  else next();
}
