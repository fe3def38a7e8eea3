import { Module } from '@nestjs/common';
import { CreateBlogPostHandler, DeleteBlogPostHandler, UpdateBlogPostHandler } from './blog-commands.handler';
import {
  GetBlogPostHandler,
  GetPublishedBlogPostHandler,
  ListBlogPostsHandler,
  ListPublishedBlogPostsHandler,
} from './blog-queries.handler';

/** Blog authoring and reading (needs CqrsModule.forRoot() at the root, like MoneyModule). */
@Module({
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
