import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BlogPost, BlogPostWrite } from '@savings/contracts';
import { BlogPostEntity } from './blog-post.entity';
import { blogPostNotFound, slugTaken, toBlogPost } from './blog-post.mapper';
import { nextFreeSlug, normalizeKeywords, slugify } from './blog-slug';
import { CreateBlogPostCommand, DeleteBlogPostCommand, UpdateBlogPostCommand } from './blog.commands';

/** Two admins saving posts with the same title at once: the loser picks the next suffix. */
const SLUG_ATTEMPTS = 5;

type Writable = Omit<BlogPostWrite, 'title' | 'slug' | 'excerpt' | 'content'> &
  Partial<Pick<BlogPostWrite, 'title' | 'excerpt' | 'content'>>;

/** Copies the given fields; publishing sets publishedAt once, unpublishing clears it. */
function applyFields(entity: BlogPostEntity, input: Writable): void {
  if (input.title !== undefined) entity.title = input.title.trim();
  if (input.excerpt !== undefined) entity.excerpt = input.excerpt;
  if (input.content !== undefined) entity.content = input.content;
  if (input.featuredImage !== undefined) entity.featuredImage = input.featuredImage || null;
  if (input.metaTitle !== undefined) entity.metaTitle = input.metaTitle?.trim() || null;
  if (input.metaDescription !== undefined) entity.metaDescription = input.metaDescription?.trim() || null;
  if (input.keywords !== undefined) entity.keywords = normalizeKeywords(input.keywords);
  if (input.published !== undefined && input.published !== entity.published) {
    entity.published = input.published;
    entity.publishedAt = input.published ? new Date() : null;
  }
}

async function takenSlugs(em: EntityManager, base: string, exceptId?: number): Promise<string[]> {
  // base holds only [a-z0-9-], so it is safe inside a LIKE pattern
  const rows = await em.find(
    BlogPostEntity,
    { $or: [{ slug: base }, { slug: { $like: `${base}-%` } }], ...(exceptId ? { id: { $ne: exceptId } } : {}) },
    { fields: ['slug'] },
  );
  return rows.map((row) => row.slug);
}

@CommandHandler(CreateBlogPostCommand)
export class CreateBlogPostHandler implements ICommandHandler<CreateBlogPostCommand, BlogPost> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input }: CreateBlogPostCommand): Promise<BlogPost> {
    const given = input.slug?.trim() ? slugify(input.slug) : null;
    for (let attempt = 1; ; attempt += 1) {
      const em = this.em.fork();
      const entity = new BlogPostEntity();
      applyFields(entity, input);
      if (given) {
        entity.slug = given;
      } else {
        const base = slugify(input.title);
        entity.slug = nextFreeSlug(base, await takenSlugs(em, base));
      }
      try {
        await em.persistAndFlush(entity);
        return toBlogPost(entity);
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        if (given) throw slugTaken(given);
        if (attempt >= SLUG_ATTEMPTS) throw slugTaken(entity.slug);
      }
    }
  }
}

@CommandHandler(UpdateBlogPostCommand)
export class UpdateBlogPostHandler implements ICommandHandler<UpdateBlogPostCommand, BlogPost> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id, input }: UpdateBlogPostCommand): Promise<BlogPost> {
    const em = this.em.fork();
    const entity = await em.findOne(BlogPostEntity, { id });
    if (!entity) throw blogPostNotFound();
    applyFields(entity, input);
    // a post keeps its slug (its public URL) unless the admin sets a new one
    if (input.slug !== undefined && input.slug !== null && input.slug.trim()) {
      entity.slug = slugify(input.slug);
    }
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw slugTaken(entity.slug);
      throw error;
    }
    return toBlogPost(entity);
  }
}

@CommandHandler(DeleteBlogPostCommand)
export class DeleteBlogPostHandler implements ICommandHandler<DeleteBlogPostCommand, void> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id }: DeleteBlogPostCommand): Promise<void> {
    const deleted = await this.em.fork().nativeDelete(BlogPostEntity, { id });
    if (deleted === 0) throw blogPostNotFound();
  }
}
