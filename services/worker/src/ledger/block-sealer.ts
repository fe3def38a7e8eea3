import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG, SealLedgerBlocksCommand } from '@savings/application';

/**
 * Seals the ledger's global order into blocks every LEDGER_SEAL_INTERVAL_MS (a minute; 0 never), so a reordered or removed event is
 * detectable soon after it is written, not only when someone runs verify (which seals first anyway).
 * Several workers may do it: sealers serialize on the ledger's own advisory lock.
 */
@Injectable()
export class BlockSealer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BlockSealer.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.config.worker.sealIntervalMs;
    if (!this.config.worker.schedules || interval === 0) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.seal().finally(() => (this.running = null));
    }, interval);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async seal(): Promise<void> {
    try {
      const result = await this.commands.execute<
        SealLedgerBlocksCommand,
        { blocksSealed: number; eventsSealed: number }
      >(new SealLedgerBlocksCommand());
      if (result.blocksSealed > 0) {
        this.logger.log(`Sealed ${result.eventsSealed} events into ${result.blocksSealed} block(s)`);
      }
    } catch (error) {
      // the next tick tries again; verify seals too
      this.logger.warn(`Sealing ledger blocks failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
