import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmOptions } from './orm-config';
import { ensureDatabase } from './ensure-database';

/** Creates the database when missing and applies every pending migration. Returns the names applied. */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const orm = await MikroORM.init(createOrmOptions({ databaseUrl, entities: [], poolMax: 2 }));
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}
