import { nextSort } from './sort-users';

describe('nextSort', () => {
  it('toggles the direction of the sorted column', () => {
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });
  it('starts another column ascending', () => {
    expect(nextSort({ sort: 'name', order: 'desc' }, 'balance')).toEqual({ sort: 'balance', order: 'asc' });
  });
});
