import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  CreateBlogPostCommand,
  DeleteBlogPostCommand,
  GetBlogPostQuery,
  ListBlogPostsQuery,
  UpdateBlogPostCommand,
} from '@savings/application';
import type { BlogPost } from '@savings/contracts';
import { AdminOnly, AdminOrAuditor } from '../auth/auth.decorators';
import { IdParamPipe } from '../http/id-param.pipe';
import { BlogPostDto, CreateBlogPostDto, UpdateBlogPostDto } from './blog-post.dto';

/** Blog authoring: admins write, auditors may read drafts too. */
@ApiTags('admin blog')
@Controller('admin/blog/posts')
export class AdminBlogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @AdminOrAuditor()
  @ApiOperation({ summary: 'Every post, drafts included, newest first' })
  @ApiOkResponse({ type: BlogPostDto, isArray: true })
  list(): Promise<BlogPost[]> {
    return this.queries.execute(new ListBlogPostsQuery());
  }

  @Get(':id')
  @AdminOrAuditor()
  @ApiOperation({ summary: 'One post by id, drafts included' })
  @ApiOkResponse({ type: BlogPostDto })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  get(@Param('id', IdParamPipe) id: number): Promise<BlogPost> {
    return this.queries.execute(new GetBlogPostQuery(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a post; the slug is generated from the title when absent (-2, -3 when used)' })
  @ApiCreatedResponse({ type: BlogPostDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid' })
  @ApiConflictResponse({ description: 'The given slug is used by another post' })
  create(@Body() body: CreateBlogPostDto): Promise<BlogPost> {
    return this.commands.execute(new CreateBlogPostCommand(body));
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the given fields; published: true sets publishedAt, false clears it' })
  @ApiOkResponse({ type: BlogPostDto })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  @ApiConflictResponse({ description: 'The given slug is used by another post' })
  update(@Param('id', IdParamPipe) id: number, @Body() body: UpdateBlogPostDto): Promise<BlogPost> {
    return this.commands.execute(new UpdateBlogPostCommand(id, body));
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a post' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async remove(@Param('id', IdParamPipe) id: number): Promise<void> {
    await this.commands.execute(new DeleteBlogPostCommand(id));
  }
}
