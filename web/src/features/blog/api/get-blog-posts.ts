import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@savings/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/blog/posts: published posts, newest first. */
export function getBlogPosts(): Promise<BlogPost[]> {
  return api.get<BlogPost[]>('/api/blog/posts');
}

export const blogPostsQuery = queryOptions({
  queryKey: ['blog', 'posts'],
  queryFn: getBlogPosts,
});

export function useBlogPosts() {
  return useQuery(blogPostsQuery);
}
