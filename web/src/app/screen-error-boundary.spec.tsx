import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { AppProviders } from './providers';
import { ScreenErrorBoundary } from './screen-error-boundary';

describe('ScreenErrorBoundary', () => {
  it('shows a reload prompt instead of a blank page when a screen fails to load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <AppProviders queryClient={undefined}>
        <ScreenErrorBoundary resetKey="/blog">
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </ScreenErrorBoundary>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
