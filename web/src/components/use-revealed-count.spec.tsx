import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useRevealedCount } from './use-revealed-count';

describe('useRevealedCount', () => {
  it('renders the first items at once and the rest a step at a time, in commits of their own', async () => {
    const commits: number[] = [];
    function List({ items }: { items: string[] }) {
      const shown = useRevealedCount(items.length, 4);
      useEffect(() => {
        commits.push(shown);
      }, [shown]);
      return (
        <ul>
          {items.slice(0, shown).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    }
    const items = Array.from({ length: 10 }, (_, i) => `item ${i + 1}`);
    render(<List items={items} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    expect(commits).toEqual([4, 8, 10]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(items);
  });

  it('shows a short list whole at once', () => {
    function List() {
      const shown = useRevealedCount(3, 10);
      return <p>{shown}</p>;
    }
    render(<List />);
    expect(screen.getByText('3')).toBeInTheDocument();
  });
});
