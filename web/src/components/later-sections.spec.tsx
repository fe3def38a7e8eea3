import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { LaterSections } from './later-sections';

describe('LaterSections', () => {
  it('draws its sections after the first render of the page around them, not with it', async () => {
    render(
      <>
        <h1>Top of the page</h1>
        <LaterSections>
          <p>Below the first screenful</p>
        </LaterSections>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Top of the page' })).toBeInTheDocument();
    expect(screen.queryByText('Below the first screenful')).not.toBeInTheDocument();
    expect(await screen.findByText('Below the first screenful')).toBeInTheDocument();
  });

  it('draws them one at a time, each in a commit of its own', async () => {
    // how many sections were on the page as each one appeared
    const seen: number[] = [];
    function Section({ name }: { name: string }) {
      useEffect(() => {
        seen.push(document.querySelectorAll('[data-section]').length);
      }, []);
      return <p data-section>{name}</p>;
    }
    render(
      <LaterSections>
        <Section name="Users" />
        {false}
        <Section name="Charts" />
        <Section name="History" />
      </LaterSections>,
    );
    await waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual([1, 2, 3]);
    expect(screen.getAllByText(/Users|Charts|History/).map((section) => section.textContent)).toEqual([
      'Users',
      'Charts',
      'History',
    ]);
  });
});
