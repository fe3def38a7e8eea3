import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateBlogPostHandler, DeleteBlogPostHandler, UpdateBlogPostHandler } from './blog-commands.handler';
import {
  GetBlogPostHandler,
  GetPublishedBlogPostHandler,
  ListBlogPostsHandler,
  ListPublishedBlogPostsHandler,
} from './blog-queries.handler';

/** Blog authoring and reading; imported once by the API. */
@Module({
  imports: [CqrsModule],
  providers: [
    CreateBlogPostHandler,
    UpdateBlogPostHandler,
    DeleteBlogPostHandler,
    ListPublishedBlogPostsHandler,
    GetPublishedBlogPostHandler,
    ListBlogPostsHandler,
    GetBlogPostHandler,
  ],
})
export class BlogApplicationModule {}
