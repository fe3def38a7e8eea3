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
 * The BullMQ dashboard (bull-board) at /api/admin/queues, for admins only and read-only
 * (api-contract.md section 10): it shows queues, jobs and failure reasons, but nobody adds, retries,
 * promotes, cleans, pauses or removes a job through it. Twice over: bull-board's per-queue readOnlyMode
 * (its action routes answer 405) and the middleware below, which lets only GET and HEAD through, so an
 * action route bull-board adds in a later version is refused too. The check reads the session's user
 * and role like the session guard, since bull-board's router sits outside Nest's guards.
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
          { name: INTEREST_QUEUE, adapter: BullMQAdapter, options: { readOnlyMode: true } },
          { name: PAYOUTS_QUEUE, adapter: BullMQAdapter, options: { readOnlyMode: true } },
        ),
      ],
    };
  }
}

/** The dashboard is read-only: what any other method than these gets. */
export const QUEUE_BOARD_READ_ONLY = 'The queue dashboard is read-only';
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The queue dashboard is plain Express (bull-board): the same session identity as the guards, admins
 * only, and reads only (405 with an Allow header for anything else).
 */
function adminOnly(req: Request, res: Response, next: NextFunction): void {
  const user = sessionUserOf(req);
  if (!user) res.status(401).json({ message: Messages.authenticationRequired });
  else if (user.role !== 'admin') res.status(403).json({ message: Messages.adminRequired });
  else if (!READ_METHODS.has(req.method))
    res.status(405).setHeader('Allow', 'GET, HEAD').json({ message: QUEUE_BOARD_READ_ONLY });
  else next();
}
