import { Migration } from '@mikro-orm/migrations';

/** The platform's own settings table; the first migration proves the chain runs on an empty database. */
export class Migration20261122000000Foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table platform_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table platform_settings');
  }
}
