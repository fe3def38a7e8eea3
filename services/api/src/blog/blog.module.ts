import { Module } from '@nestjs/common';
import { BlogApplicationModule } from '@savings/application';
import { BlogController } from './blog.controller';

@Module({ imports: [BlogApplicationModule], controllers: [BlogController] })
export class BlogModule {}
