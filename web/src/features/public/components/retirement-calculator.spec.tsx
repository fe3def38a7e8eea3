import '../../../lib/test-utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
import { loadLanguage } from '../../../i18n/i18n';
import type { LanguageCode } from '../../../i18n/languages';
import { PageLanguageProvider } from '../../../i18n/page-language';
import { createQueryClient } from '../../../lib/query-client';
import { RetirementCalculator } from './retirement-calculator';

async function renderCalculator(language: LanguageCode = 'en') {
  await loadLanguage(language);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <PageLanguageProvider language={language}>
          <RetirementCalculator />
        </PageLanguageProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}

jest.setTimeout(20000);

describe('RetirementCalculator', () => {
  it('turns a 5,000 monthly pension into $857,143 of required capital', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    const input = screen.getByLabelText('Desired monthly pension');
    expect(input).toHaveAttribute('step', '100');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('placeholder', '5,000');

    await user.type(input, '5000');
    await user.click(screen.getByRole('button', { name: 'Calculate Required Capital' }));

    const result = await screen.findByTestId('retirement-result');
    expect(result).toHaveTextContent('Required Capital');
    expect(result).toHaveTextContent('$857,143');
    expect(result).toHaveTextContent('Monthly pension$5,000');
    expect(result).toHaveTextContent('Annual income$60,000');
    expect(result).toHaveTextContent('Annual return7% fixed');
    expect(screen.getByRole('link', { name: 'Start Today' })).toHaveAttribute('href', '/auth?mode=register');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/technical-overview');
  });

  it('keeps Calculate disabled for an empty, zero or negative pension, and an invalid one clears the result', async () => {
    const user = userEvent.setup();
    await renderCalculator();
    const input = screen.getByLabelText('Desired monthly pension');
    const button = screen.getByRole('button', { name: 'Calculate Required Capital' });
    expect(button).toBeDisabled();
    await user.type(input, '0');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, '-5');
    expect(button).toBeDisabled();

    await user.clear(input);
    await user.type(input, '1000{Enter}');
    expect(await screen.findByText('$171,429')).toBeInTheDocument();
    await user.clear(input);
    expect(screen.queryByTestId('retirement-result')).not.toBeInTheDocument();
  });

  it('speaks the page language, amounts included', async () => {
    const user = userEvent.setup();
    await renderCalculator('it');
    const input = screen.getByLabelText('Pensione mensile desiderata');
    expect(input).toHaveAttribute('placeholder', '5.000');
    expect(screen.getByRole('button', { name: 'Calcola il capitale necessario' })).toBeDisabled();
    await user.type(input, '5000{Enter}');
    const result = await screen.findByTestId('retirement-result');
    expect(result.textContent?.replace(/\s/g, ' ')).toContain('857.143 $');
    expect(result.textContent?.replace(/\s/g, ' ')).toContain('60.000 $');
    expect(result).not.toHaveTextContent('$857,143');
  });
});
