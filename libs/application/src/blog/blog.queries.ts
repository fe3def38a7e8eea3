import { Query } from '@nestjs/cqrs';
import type { BlogPost } from '@savings/contracts';

/** Published posts, newest first (public blog list). */
export class ListPublishedBlogPostsQuery extends Query<BlogPost[]> {}

/** A published post by slug, or null (drafts are never public). */
export class GetPublishedBlogPostQuery extends Query<BlogPost | null> {
  constructor(readonly slug: string) {
    super();
  }
}

/** Every post, drafts included, newest first (admin authoring). */
export class ListBlogPostsQuery extends Query<BlogPost[]> {}

/** One post by id, drafts included; 404 when unknown. */
export class GetBlogPostQuery extends Query<BlogPost> {
  constructor(readonly id: number) {
    super();
  }
}
