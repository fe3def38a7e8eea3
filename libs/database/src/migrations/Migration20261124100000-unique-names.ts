import { Migration } from '@mikro-orm/migrations';

/**
 * Names are unique (contract section 8, issue 16): sign-in accepts a name, so a second "Alice Martin"
 * made the first one's sign-in by name fail. Compared as the application compares them: NFKC, trimmed,
 * runs of white space folded to one space (the form the application stores), case-insensitively
 * (lower(name), as sign-in looks names up).
 *
 * Existing rows, before the unique index:
 *  1. a name not yet in that stored form is rewritten to it (only when the result is still a valid
 *     name: 1 to 100 characters, no '@'), as the application would have written it;
 *  2. duplicates are resolved oldest first: the account created first (lowest id) keeps the name, each
 *     later one gets the first free suffix " (2)", " (3)", ... (the name cut so it stays within 100
 *     characters). The person keeps signing in with their e-mail and sees the new name on their profile.
 * down() drops the unique index and restores the plain one; renamed accounts keep their new names.
 */
export class Migration20261124100000UniqueNames extends Migration {
  override async up(): Promise<void> {
    // no account is opened or renamed while duplicates are resolved
    this.addSql('lock table users in share row exclusive mode');
    this.addSql(`update users
        set name = folded, updated_at = now()
       from (select id as folded_id,
                    regexp_replace(regexp_replace(normalize(name, NFKC), '^\\s+|\\s+$', '', 'g'), '\\s+', ' ', 'g') as folded
               from users) f
      where users.id = f.folded_id and users.name <> f.folded
        and length(f.folded) between 1 and 100 and position('@' in f.folded) = 0`);
    this.addSql(`do $$
      declare
        duplicate record;
        n integer;
        candidate text;
      begin
        for duplicate in
          select id, name from (
            select id, name, row_number() over (partition by lower(name) order by id) as rank from users
          ) ranked
          where rank > 1
          order by id
        loop
          n := 2;
          loop
            candidate := rtrim(left(duplicate.name, 100 - length(' (' || n || ')'))) || ' (' || n || ')';
            exit when not exists (select 1 from users where lower(name) = lower(candidate));
            n := n + 1;
          end loop;
          update users set name = candidate, updated_at = now() where id = duplicate.id;
        end loop;
      end $$`);
    this.addSql('drop index users_name_lower_idx');
    // also the index sign-in by name reads
    this.addSql('create unique index users_name_unique on users (lower(name))');
  }

  override async down(): Promise<void> {
    this.addSql('drop index users_name_unique');
    this.addSql('create index users_name_lower_idx on users (lower(name))');
  }
}
