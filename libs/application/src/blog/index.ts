export * from './blog-post.entity';
export * from './blog-slug';
export * from './blog.commands';
export * from './blog.queries';
export * from './blog.module';
