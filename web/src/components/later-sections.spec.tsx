import { render, screen } from '@testing-library/react';
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
});
