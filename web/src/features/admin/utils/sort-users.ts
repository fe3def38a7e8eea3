import type { AdminUserSort, SortOrder } from '@savings/contracts';

export interface UserOrder {
  sort: AdminUserSort;
  order: SortOrder;
}

/** A click on the sorted column toggles its direction; another column starts ascending. */
export function nextSort(current: UserOrder, key: AdminUserSort): UserOrder {
  if (current.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: 'asc' };
}
