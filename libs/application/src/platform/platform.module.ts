import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { AppConfig } from '@savings/config';
import { createOrmOptions, PooledSql } from '@savings/database';
import { allEntities } from '../entities';
import { connectRedis } from './redis';
import { APP_CONFIG, CLOCK, REDIS, SQL, systemClock } from './tokens';

export interface PlatformOptions {
  config: AppConfig;
  /** Connection pool size; API and worker use different sizes. */
  poolMax?: number;
}

/** Configuration, PostgreSQL (MikroORM and its pool for raw SQL) and Redis, for every process. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        MikroOrmModule.forRoot({
          ...createOrmOptions({
            databaseUrl: options.config.databaseUrl,
            entities: allEntities,
            poolMax: options.poolMax,
          }),
          registerRequestContext: true,
          forRoutesPath: '{*path}',
        }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: SQL, inject: [MikroORM], useFactory: (orm: MikroORM) => new PooledSql(orm) },
        { provide: REDIS, useFactory: () => connectRedis(options.config) },
        { provide: CLOCK, useValue: systemClock },
      ],
      exports: [APP_CONFIG, SQL, REDIS, CLOCK],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
