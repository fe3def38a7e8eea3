import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { isSafeImageUrl, type BlogPost, type BlogPostWrite } from '@savings/contracts';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, registerDecorator, ValidateIf } from 'class-validator';
import { PlainText } from '../http/plain-text.validator';

const FEATURED_IMAGE_RULE = 'Featured image must be an https: URL or a path on this site starting with a single /';

/** isSafeImageUrl: never another site through '//host' or '/\\host', never javascript:, data: or http:. */
function IsSafeImageUrl(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isSafeImageUrl',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: FEATURED_IMAGE_RULE },
      validator: { validate: (value: unknown) => typeof value !== 'string' || isSafeImageUrl(value) },
    });
}

/** Body of POST /api/admin/blog/posts. */
export class CreateBlogPostDto implements BlogPostWrite {
  @ApiProperty({ example: 'Why fixed income beats a 0.1% savings account', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(200)
  @PlainText('Title')
  title!: string;

  @ApiPropertyOptional({
    description: 'URL slug; generated from the title when absent, with -2, -3... when already used',
    example: 'why-fixed-income',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  slug?: string;

  @ApiProperty({ description: 'Short summary shown on the list', maxLength: 1000, default: '' })
  @IsString()
  @MaxLength(1000)
  excerpt: string = '';

  @ApiProperty({ description: 'Markdown, stored as written; the web renders it safely', maxLength: 90000 })
  @IsString()
  @MaxLength(90000)
  content!: string;

  @ApiPropertyOptional({
    nullable: true,
    description: "An https: URL or a path on this site: one '/' followed by neither '/' nor '\\'",
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(1000)
  @IsSafeImageUrl()
  featuredImage?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 200 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(200)
  @PlainText('Meta title')
  metaTitle?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 500 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(500)
  metaDescription?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Comma-separated', example: 'bonds, yield, savings' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(1000)
  keywords?: string | null;

  @ApiPropertyOptional({ description: 'Publishing sets publishedAt; unpublishing clears it', default: false })
  @IsOptional()
  @IsBoolean()
  published?: boolean;
}

/** Body of PUT /api/admin/blog/posts/{id}: the fields given change, the others stay. */
export class UpdateBlogPostDto extends PartialType(CreateBlogPostDto) {}

/** A post as the API returns it (OpenAPI schema). */
export class BlogPostDto implements BlogPost {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() excerpt!: string;
  @ApiProperty({ description: 'Markdown' }) content!: string;
  @ApiProperty({ type: String, nullable: true }) featuredImage!: string | null;
  @ApiProperty({ type: String, nullable: true }) metaTitle!: string | null;
  @ApiProperty({ type: String, nullable: true }) metaDescription!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Comma-separated' }) keywords!: string | null;
  @ApiProperty() published!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) publishedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
