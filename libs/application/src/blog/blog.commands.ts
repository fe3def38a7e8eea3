import { Command } from '@nestjs/cqrs';
import type { BlogPost, BlogPostWrite } from '@savings/contracts';

/** Creates a post; a missing slug is generated from the title and made unique (-2, -3, ...). */
export class CreateBlogPostCommand extends Command<BlogPost> {
  constructor(readonly input: BlogPostWrite) {
    super();
  }
}

/** Changes the given fields of a post (undefined keeps a field, null clears an optional one). */
export class UpdateBlogPostCommand extends Command<BlogPost> {
  constructor(
    readonly id: number,
    readonly input: Partial<BlogPostWrite>,
  ) {
    super();
  }
}

export class DeleteBlogPostCommand extends Command<void> {
  constructor(readonly id: number) {
    super();
  }
}
