import { DEFAULT_HEAD } from '../../../components/use-document-head';
import '../../../lib/test-utils';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
import { loadLanguage } from '../../../i18n/i18n';
import type { LanguageCode } from '../../../i18n/languages';
import { PageLanguageProvider } from '../../../i18n/page-language';
import { createQueryClient } from '../../../lib/query-client';
import { LandingPage } from './landing-page';

async function renderLanding(language: LanguageCode) {
  await loadLanguage(language);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <PageLanguageProvider language={language}>
          <LandingPage />
        </PageLanguageProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}

jest.setTimeout(20000);

describe('LandingPage', () => {
  it('shows the English hero, five benefits, four steps, the calculator and a dark footer', async () => {
    const view = await renderLanding('en');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open Account' })).toHaveAttribute('href', '/auth?mode=register');
    expect(screen.getByRole('link', { name: 'Access Your Account' })).toHaveAttribute('href', '/auth?mode=login');
    expect(screen.getByRole('link', { name: /technical overview/i })).toHaveAttribute('href', '/technical-overview');

    const benefits = screen.getByRole('region', { name: 'Why choose us' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(5);
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByLabelText('Desired monthly pension')).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Road Town, Tortola, British Virgin Islands');
    expect(footer).toHaveTextContent(/Risk notice/);
    expect(within(footer).getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));

    const languages = screen.getByRole('navigation', { name: 'Choose your language' });
    expect(
      within(languages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['English', 'Italiano', 'Français', 'Deutsch', 'Español', 'Русский', 'Українська']);
    expect(within(languages).getByRole('link', { name: 'Українська' })).toHaveAttribute('href', '/ua');
    expect(document.title).toMatch(/7% a year/);
    expect(document.documentElement.lang).toBe('en');
    view.unmount();
  });

  it('renders a localized page in its own language and restores the document on leaving', async () => {
    document.title = 'Default title';
    document.documentElement.lang = 'en';
    const view = await renderLanding('de');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('7 % Zinsen pro Jahr');
    expect(screen.getByRole('link', { name: 'Konto eröffnen' })).toHaveAttribute('href', '/auth?mode=register');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toMatch(/täglich gutgeschrieben/);
    view.unmount();
    expect(document.title).toBe(DEFAULT_HEAD.title);
    expect(document.documentElement.lang).toBe('en');
  });
});
