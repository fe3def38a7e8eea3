import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts of persons and of businesses (api-contract.md section 18, issue 36). Every existing account
 * is a person's (`individual`). A company or foundation has its legal name, registration number and
 * country, and a person never has them (a check). One business, one account: the same country and
 * registration number twice is refused by a unique index on the number's key (upper case, without
 * spaces, dots, slashes and hyphens: contracts' registrationKey computes the same), so two
 * registrations at once cannot both get in.
 */
export class Migration20261127100000AccountHolders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users
      add column holder_type text not null default 'individual'
        check (holder_type in ('individual', 'company', 'foundation')),
      add column legal_name text check (char_length(legal_name) between 2 and 140),
      add column registration_number text check (registration_number ~ '^[A-Za-z0-9 ./-]{1,40}$'),
      add column country text check (country ~ '^[A-Z]{2}$'),
      add constraint users_business_fields check (
        (holder_type = 'individual' and legal_name is null and registration_number is null and country is null)
        or (holder_type <> 'individual' and legal_name is not null and registration_number is not null
            and country is not null))`);
    this.addSql(`create unique index users_business_registration_unique
      on users (country, upper(regexp_replace(registration_number, '[[:space:]./-]', '', 'g')))
      where registration_number is not null`);
    this.addSql("create index users_holder_type_idx on users (holder_type) where holder_type <> 'individual'");
  }

  override async down(): Promise<void> {
    this.addSql('drop index users_holder_type_idx');
    this.addSql('drop index users_business_registration_unique');
    this.addSql(`alter table users drop constraint users_business_fields,
      drop column country, drop column registration_number, drop column legal_name, drop column holder_type`);
  }
}
