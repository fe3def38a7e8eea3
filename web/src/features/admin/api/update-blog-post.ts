import { useMutation } from '@tanstack/react-query';
import type { BlogPost, BlogPostWrite } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function updateBlogPost(id: number, body: Partial<BlogPostWrite>): Promise<BlogPost> {
  return api.put<BlogPost>(`/api/admin/blog/posts/${id}`, body);
}

export function useUpdateBlogPost() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<BlogPostWrite> }) => updateBlogPost(id, body),
    onSuccess: () => refetch(adminKeys.blogPosts),
  });
}
