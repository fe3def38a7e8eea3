import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNotificationsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys, adminListOptions } from './admin-query';
import { useSlicedQuery } from '../../../lib/use-sliced-query';

export function getNotifications(): Promise<AdminNotificationsResponse> {
  return api.get<AdminNotificationsResponse>('/api/admin/notifications');
}

export const notificationsQuery = queryOptions({
  queryKey: adminKeys.notifications,
  queryFn: getNotifications,
  ...adminListOptions,
});

export function useNotifications() {
  return useSlicedQuery(useQuery(notificationsQuery));
}
