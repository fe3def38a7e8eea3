import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor sign-in (contract section 9, ADR 0023). One row per account that started setting it up:
 * the TOTP secret sealed with AES-256-GCM (never stored in clear), `enabled_at` null until the first
 * code confirms the setup, and the newest time step accepted, so a code is accepted once. Recovery
 * codes are stored as SHA-256 hashes (they carry 80 random bits) and marked when used.
 */
export class Migration20261124600000TwoFactor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table user_two_factor (
      user_id bigint primary key references users (id) on delete cascade,
      secret_sealed text not null,
      enabled_at timestamptz,
      last_used_step bigint check (last_used_step >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table user_recovery_codes (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, code_hash)
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table user_recovery_codes');
    this.addSql('drop table user_two_factor');
  }
}
