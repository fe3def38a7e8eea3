import { BigIntType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A blog post (table blog_posts). Content is markdown stored as written; the web renders it safely. */
@Entity({ tableName: 'blog_posts' })
export class BlogPostEntity {
  // generated always as identity: the database assigns it
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', unique: true })
  slug!: string;

  @Property({ type: 'text' })
  excerpt: string = '';

  @Property({ type: 'text' })
  content: string = '';

  @Property({ type: 'text', nullable: true })
  featuredImage: string | null = null;

  @Property({ type: 'text', nullable: true })
  metaTitle: string | null = null;

  @Property({ type: 'text', nullable: true })
  metaDescription: string | null = null;

  @Property({ type: 'text', nullable: true })
  keywords: string | null = null;

  @Property({ type: 'boolean' })
  published: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
