import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { UnrecoverableError, type Job, type Queue, type Worker } from 'bullmq';
import type { AppConfig } from '@savings/config';
import {
  APP_CONFIG,
  InterestSummaries,
  JobNames,
  MAIL_QUEUE,
  MailDelivery,
  MailRelay,
  mailJobId,
  mailJobOptions,
  type MonthlyInterestSummaryJobData,
  type SendMailJobData,
} from '@savings/application';
import { JobMetrics } from '../metrics/job-metrics';
import { openQueueWorker } from '../queue-worker';

/**
 * Sends the mail outbox (docs/decisions/0026-mail-outbox.md): every MAIL_RELAY_INTERVAL_MS the
 * messages not yet handed over become one `send-mail` job each (job id = message id), and the jobs
 * send them through MailDelivery, retried with backoff. WORKER_MAIL=off leaves both out.
 */
@Injectable()
export class MailProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MailProcessor.name);
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private relaying: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue,
    private readonly relay: MailRelay,
    private readonly delivery: MailDelivery,
    private readonly summaries: InterestSummaries,
    private readonly metrics: JobMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.worker.mail) return;
    if (this.config.nodeEnv === 'production' && !this.config.mail.smtpConfigured) {
      this.logger.warn(`SMTP_URL is not set: mail goes to ${this.config.mail.smtpUrl}, a local mail catcher`);
    }
    this.worker = openQueueWorker(MAIL_QUEUE, this.config, (job) => this.process(job), 2);
    this.timer = setInterval(() => void this.relayOnce(), this.config.worker.mailRelayIntervalMs);
    this.timer.unref();
    void this.relayOnce();
  }

  /** Hands the outbox's new messages to the queue (one pass; overlapping ticks are skipped). */
  relayOnce(): Promise<void> {
    if (!this.relaying) {
      this.relaying = this.relayDue()
        .catch((error: unknown) =>
          this.logger.warn(`Mail relay failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => (this.relaying = null));
    }
    return this.relaying;
  }

  private async relayDue(): Promise<void> {
    const due = await this.relay.due();
    if (due.length === 0) return;
    await this.queue.addBulk(
      due.map(({ outboxId, createdAtMicros }) => ({
        name: JobNames.sendMail,
        data: { outboxId } satisfies SendMailJobData,
        opts: { ...mailJobOptions, jobId: mailJobId(outboxId, createdAtMicros) },
      })),
    );
    await this.relay.handedOver(due.map((message) => message.outboxId));
  }

  async process(job: Job<SendMailJobData | MonthlyInterestSummaryJobData>): Promise<unknown> {
    if (job.name === JobNames.monthlyInterestSummary) {
      const month = (job.data as { month?: unknown } | null)?.month;
      if (month !== undefined && (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))) {
        throw new UnrecoverableError('The job does not name a month (YYYY-MM)');
      }
      return this.metrics.track(MAIL_QUEUE, job.name, () =>
        this.summaries.queueMonth(month ?? this.summaries.lastClosedMonth()),
      );
    }
    if (job.name !== JobNames.sendMail) throw new UnrecoverableError(`Unknown job ${job.name} on ${MAIL_QUEUE}`);
    // the payload is checked as if anyone had written it
    const outboxId = (job.data as { outboxId?: unknown } | null)?.outboxId;
    if (typeof outboxId !== 'number' || !Number.isSafeInteger(outboxId) || outboxId < 1) {
      throw new UnrecoverableError('The job does not name a message');
    }
    return this.metrics.track(MAIL_QUEUE, job.name, async () => {
      const attempts = job.opts.attempts ?? 1;
      const outcome = await this.delivery.deliver(outboxId, { lastAttempt: job.attemptsMade + 1 >= attempts });
      if (outcome === 'failed') this.logger.warn(`Message ${outboxId} could not be delivered`);
      return { outboxId, outcome };
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.relaying;
    await this.worker?.close();
  }
}
