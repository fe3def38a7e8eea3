import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '@savings/config';
import { PlatformModule } from '@savings/application';

/** The background worker: the same application handlers as the API, driven by BullMQ jobs. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    const redis = new URL(config.redisUrl);
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        PlatformModule.forRoot({ config, poolMax: 10 }),
        BullModule.forRoot({
          prefix: config.queuePrefix,
          connection: {
            host: redis.hostname,
            port: Number(redis.port || 6379),
            username: redis.username || undefined,
            password: redis.password || undefined,
            db: redis.pathname.length > 1 ? Number(redis.pathname.slice(1)) : 0,
            tls: redis.protocol === 'rediss:' ? {} : undefined,
            maxRetriesPerRequest: null,
          },
        }),
      ],
    };
  }
}
