import { Migration } from '@mikro-orm/migrations';

/**
 * People and content: users (identity, profile and banking details; money lives in the ledger's
 * projections, not here) and blog posts.
 */
export class Migration20261122000100UsersAndBlog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table users (
      id bigint generated always as identity primary key,
      name text not null check (length(name) between 1 and 100 and position('@' in name) = 0),
      email text not null check (length(email) between 3 and 254),
      password_hash text not null,
      reference_code text not null,
      beneficiary_name text,
      iban text,
      swift text,
      role text not null default 'customer' check (role in ('customer', 'admin', 'auditor')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint users_email_unique unique (email),
      constraint users_reference_code_unique unique (reference_code)
    )`);
    // login by name when exactly one account has it
    this.addSql('create index users_name_lower_idx on users (lower(name))');

    this.addSql(`create table blog_posts (
      id bigint generated always as identity primary key,
      title text not null,
      slug text not null,
      excerpt text not null default '',
      content text not null default '',
      featured_image text,
      meta_title text,
      meta_description text,
      keywords text,
      published boolean not null default false,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint blog_posts_slug_unique unique (slug)
    )`);
    this.addSql('create index blog_posts_published_idx on blog_posts (published, published_at desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table blog_posts');
    this.addSql('drop table users');
  }
}
