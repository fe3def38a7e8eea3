import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function deleteBlogPost(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/admin/blog/posts/${id}`);
}

export function useDeleteBlogPost() {
  const refetch = useRefetchAdmin();
  return useMutation({ mutationFn: deleteBlogPost, onSuccess: () => refetch(adminKeys.blogPosts) });
}
