import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, useRefetchAdmin } from './admin-query';

export function markNotificationRead(id: number): Promise<unknown> {
  return api.patch<unknown>(`/api/admin/notifications/${id}/read`);
}

export function useMarkNotificationRead() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => refetch(adminKeys.notifications),
  });
}
