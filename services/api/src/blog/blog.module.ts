import { Module } from '@nestjs/common';
import { BlogApplicationModule } from '@savings/application';
import { AdminBlogController } from './admin-blog.controller';
import { BlogController } from './blog.controller';

@Module({ imports: [BlogApplicationModule], controllers: [BlogController, AdminBlogController] })
export class BlogModule {}
