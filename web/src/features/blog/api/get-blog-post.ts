import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@savings/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/blog/posts/{slug}: any non-OK answer means the post is not there (product.md section 7). */
export async function getBlogPost(slug: string): Promise<BlogPost> {
  try {
    return await api.get<BlogPost>(`/api/blog/posts/${encodeURIComponent(slug)}`);
  } catch {
    throw new Error('Blog post not found');
  }
}

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blog', 'posts', slug],
    queryFn: () => getBlogPost(slug),
  });

export function useBlogPost(slug: string) {
  return useQuery(blogPostQuery(slug));
}
