import type { BlogPost } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import type { BlogPostEntity } from './blog-post.entity';

export function toBlogPost(entity: BlogPostEntity): BlogPost {
  return {
    id: Number(entity.id),
    title: entity.title,
    slug: entity.slug,
    excerpt: entity.excerpt,
    content: entity.content,
    featuredImage: entity.featuredImage,
    metaTitle: entity.metaTitle,
    metaDescription: entity.metaDescription,
    keywords: entity.keywords,
    published: entity.published,
    publishedAt: entity.publishedAt ? entity.publishedAt.toISOString() : null,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

export function blogPostNotFound(): DomainError {
  return new DomainError('BLOG.POST_NOT_FOUND', 'not_found', 'Blog post not found');
}

export function slugTaken(slug: string): DomainError {
  return new DomainError('BLOG.SLUG_TAKEN', 'conflict', `Another post already uses the slug "${slug}"`, {
    slug: 'This slug is already used by another post',
  });
}
