import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, BACKUPS_QUEUE, JobNames, takeScheduledBackup } from '@savings/application';
import { DomainError } from '@savings/domain';
import { JobMetrics } from '../metrics/job-metrics';
import { openQueueWorker } from '../queue-worker';

/**
 * The scheduled backup (BACKUP_SCHEDULE, README "Backups and restore to any instant"): pgBackRest takes
 * a full backup when the newest is a week old, else a differential one, into BACKUP_REPO. A worker
 * without BACKUP_REPO takes none. The job's payload is not read: there is nothing in it to trust.
 */
@Injectable()
export class BackupProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BackupProcessor.name);
  private worker: Worker | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: JobMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.backup.repo) return;
    // one backup at a time per worker (pgBackRest's own lock refuses a second one anyway)
    this.worker = openQueueWorker(BACKUPS_QUEUE, this.config, (job) => this.process(job), 1);
  }

  async process(job: Job): Promise<unknown> {
    const repo = this.config.backup.repo;
    if (job.name !== JobNames.backup || !repo) {
      throw new DomainError('JOBS.UNKNOWN_JOB', 'invalid', `The ${BACKUPS_QUEUE} queue runs no such job.`);
    }
    return this.metrics.track(BACKUPS_QUEUE, job.name, async () => {
      const taken = await takeScheduledBackup(repo);
      this.logger.log(`Backup ${taken.label} (${taken.type}) taken in ${taken.seconds.toFixed(1)} s`);
      return taken;
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
