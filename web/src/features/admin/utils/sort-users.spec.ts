import type { AdminUserItem } from '@savings/contracts';
import { DEFAULT_USER_SORT, nextSort, sortUsers } from './sort-users';

function user(id: number, name: string, balance: number): AdminUserItem {
  return {
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    referenceCode: `REF${id}`,
    balance,
    availableBalance: balance,
    monthlyInterest: (balance * 0.07) / 12,
    beneficiaryName: null,
    iban: null,
    swift: null,
    role: 'customer',
    createdAt: '2026-11-01T00:00:00Z',
  };
}

const users = [user(3, 'bob', 500), user(1, 'Charlie', 3000), user(2, 'alice', 1000)];

describe('sortUsers', () => {
  it('defaults to id ascending', () => {
    expect(sortUsers(users, DEFAULT_USER_SORT).map((u) => u.id)).toEqual([1, 2, 3]);
  });
  it('sorts strings case-insensitively and toggles', () => {
    const byName = nextSort(DEFAULT_USER_SORT, 'name');
    expect(sortUsers(users, byName).map((u) => u.name)).toEqual(['alice', 'bob', 'Charlie']);
    expect(sortUsers(users, nextSort(byName, 'name')).map((u) => u.name)).toEqual(['Charlie', 'bob', 'alice']);
  });
  it('sorts numbers numerically and starts another column ascending', () => {
    const byBalance = nextSort({ key: 'name', direction: 'desc' }, 'balance');
    expect(byBalance.direction).toBe('asc');
    expect(sortUsers(users, byBalance).map((u) => u.balance)).toEqual([500, 1000, 3000]);
  });
});
