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
    driverOptions: { connection: { application_name: 'savings', options: '-c plan_cache_mode=force_generic_plan' } },
    debug: input.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
  });
}
