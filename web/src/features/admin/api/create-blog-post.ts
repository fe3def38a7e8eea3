import { useMutation } from '@tanstack/react-query';
import type { BlogPost, BlogPostWrite } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function createBlogPost(body: BlogPostWrite): Promise<BlogPost> {
  return api.post<BlogPost>('/api/admin/blog/posts', body);
}

export function useCreateBlogPost() {
  const refetch = useRefetchAdmin();
  return useMutation({ mutationFn: createBlogPost, onSuccess: () => refetch(adminKeys.blogPosts) });
}
