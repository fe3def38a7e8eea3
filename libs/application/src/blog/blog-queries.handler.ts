import { EntityManager } from '@mikro-orm/postgresql';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BlogPost } from '@savings/contracts';
import { BlogPostEntity } from './blog-post.entity';
import { blogPostNotFound, toBlogPost } from './blog-post.mapper';
import {
  GetBlogPostQuery,
  GetPublishedBlogPostQuery,
  ListBlogPostsQuery,
  ListPublishedBlogPostsQuery,
} from './blog.queries';

@QueryHandler(ListPublishedBlogPostsQuery)
export class ListPublishedBlogPostsHandler implements IQueryHandler<ListPublishedBlogPostsQuery, BlogPost[]> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<BlogPost[]> {
    const rows = await this.em
      .fork()
      .find(BlogPostEntity, { published: true }, { orderBy: { publishedAt: 'desc', id: 'desc' } });
    return rows.map(toBlogPost);
  }
}

@QueryHandler(GetPublishedBlogPostQuery)
export class GetPublishedBlogPostHandler implements IQueryHandler<GetPublishedBlogPostQuery, BlogPost | null> {
  constructor(private readonly em: EntityManager) {}

  async execute({ slug }: GetPublishedBlogPostQuery): Promise<BlogPost | null> {
    const row = await this.em.fork().findOne(BlogPostEntity, { slug, published: true });
    return row ? toBlogPost(row) : null;
  }
}

@QueryHandler(ListBlogPostsQuery)
export class ListBlogPostsHandler implements IQueryHandler<ListBlogPostsQuery, BlogPost[]> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<BlogPost[]> {
    const rows = await this.em.fork().find(BlogPostEntity, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return rows.map(toBlogPost);
  }
}

@QueryHandler(GetBlogPostQuery)
export class GetBlogPostHandler implements IQueryHandler<GetBlogPostQuery, BlogPost> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id }: GetBlogPostQuery): Promise<BlogPost> {
    const row = await this.em.fork().findOne(BlogPostEntity, { id });
    if (!row) throw blogPostNotFound();
    return toBlogPost(row);
  }
}
