import type { AdminUserItem } from '@savings/contracts';

export type UserSortKey = 'id' | 'name' | 'email' | 'referenceCode' | 'balance' | 'monthlyInterest';
export type SortDirection = 'asc' | 'desc';
export interface UserSort {
  key: UserSortKey;
  direction: SortDirection;
}

export const DEFAULT_USER_SORT: UserSort = { key: 'id', direction: 'asc' };

/** Strings compare case-insensitively, numbers numerically; ties keep id order. */
export function sortUsers(users: readonly AdminUserItem[], sort: UserSort): AdminUserItem[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...users].sort((a, b) => {
    const left = a[sort.key];
    const right = b[sort.key];
    const order =
      typeof left === 'string' && typeof right === 'string'
        ? left.localeCompare(right, 'en', { sensitivity: 'base' })
        : Number(left) - Number(right);
    return order * factor || a.id - b.id;
  });
}

/** A click on the sorted column toggles its direction; another column starts ascending. */
export function nextSort(current: UserSort, key: UserSortKey): UserSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
