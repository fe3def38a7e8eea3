import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { useSlicedQuery } from '../../../lib/use-sliced-query';
import { adminKeys } from './admin-query';

/** Every post, drafts included. */
export function getBlogPosts(): Promise<BlogPost[]> {
  return api.get<BlogPost[]>('/api/admin/blog/posts');
}

export const blogPostsQuery = queryOptions({ queryKey: adminKeys.blogPosts, queryFn: getBlogPosts });

export function useBlogPosts() {
  return useSlicedQuery(useQuery(blogPostsQuery));
}
