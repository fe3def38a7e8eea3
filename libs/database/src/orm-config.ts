import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityClass } from '@mikro-orm/core';
import { migrationsList } from './migrations';

export interface OrmConfigInput {
  databaseUrl: string;
  entities: EntityClass<unknown>[];
  poolMax?: number;
  debug?: boolean;
}

/** MikroORM options for every process (API, worker, command line, tests): same migrations, explicit entities. */
export function createOrmOptions(input: OrmConfigInput): Options {
  return defineConfig({
    clientUrl: input.databaseUrl,
    entities: input.entities,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      disableForeignKeys: false,
      snapshot: false,
    },
    pool: { min: 0, max: input.poolMax ?? 20 },
    // numeric and bigint arrive as strings; money code converts them to exact cents itself
    // Prepared statements (SqlQueryable's `prepare`, only the ledger's hot ones; nothing else names its
    // statements) run a generic plan from their first execution: their shape, not their values, decides
    // the plan, and re-planning each time cost more than running them.
    driverOptions: {
      connection: {
        application_name: 'savings',
        options: '-c plan_cache_mode=force_generic_plan',
        // a failover (api-contract.md section 16): a connection that cannot be made within 5 s fails, and
        // a dead peer is noticed by TCP keepalive; a connection that dies is dropped by the pool
        connectionTimeoutMillis: 5000,
        keepAlive: true,
      },
      // a request waiting for a connection gives up after 10 s (503, Retry-After) instead of hanging
      acquireConnectionTimeout: 10_000,
    },
    debug: input.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
  });
}
