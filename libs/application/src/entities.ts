import type { EntityClass } from '@mikro-orm/core';
import { BlogPostEntity } from './blog/blog-post.entity';

/** Every MikroORM entity of the application; each capability adds its own here. */
export const allEntities: EntityClass<unknown>[] = [];
allEntities.push(BlogPostEntity);
