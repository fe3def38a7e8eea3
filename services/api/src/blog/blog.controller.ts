import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetPublishedBlogPostQuery, ListPublishedBlogPostsQuery } from '@savings/application';
import type { BlogPost } from '@savings/contracts';
import { DomainError } from '@savings/domain';
import { BlogPostDto } from './blog-post.dto';

/** The public blog: published posts only. */
@ApiTags('blog')
@Controller('blog/posts')
export class BlogController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Published posts, newest first' })
  @ApiOkResponse({ type: BlogPostDto, isArray: true })
  list(): Promise<BlogPost[]> {
    return this.queries.execute(new ListPublishedBlogPostsQuery());
  }

  @Get(':slug')
  @ApiOperation({ summary: 'A published post by slug' })
  @ApiOkResponse({ type: BlogPostDto })
  @ApiNotFoundResponse({ description: 'No published post has this slug' })
  async get(@Param('slug') slug: string): Promise<BlogPost> {
    const post = await this.queries.execute(new GetPublishedBlogPostQuery(slug));
    if (!post) throw new DomainError('BLOG.POST_NOT_FOUND', 'not_found', 'Blog post not found');
    return post;
  }
}
