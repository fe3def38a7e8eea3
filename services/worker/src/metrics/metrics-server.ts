import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '@savings/config';
import { APP_CONFIG } from '@savings/application';
import { JobMetrics } from './job-metrics';

/**
 * GET /metrics for Prometheus on WORKER_METRICS_PORT (0 turns it off). A second worker on the same
 * machine finds the port taken: it logs that and keeps working, since metrics are not its job.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    private readonly metrics: JobMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get port(): number {
    return this.config.worker.metricsPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.port <= 0) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.registry
        .metrics()
        .then((body) => res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(body))
        .catch(() => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        this.logger.warn(`Metrics not served on port ${this.port}: ${error.code ?? error.message}`);
        resolve();
      });
      server.listen(this.port, () => {
        this.server = server;
        this.logger.log(`Metrics on http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
        resolve();
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  address(): number | null {
    return this.server ? (this.server.address() as AddressInfo).port : null;
  }
}
