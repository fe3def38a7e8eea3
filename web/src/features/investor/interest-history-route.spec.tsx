import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InterestPaymentItem } from '@savings/contracts';
import { mockApi, renderRoute } from '../../lib/test-utils';
import { InterestHistoryScreen } from './interest-history-route';

function payments(count: number): InterestPaymentItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: count - index,
    userId: 7,
    balance: 10000,
    interestRate: 0.07 / 365,
    interestAmount: 1.92,
    paymentDate: new Date(Date.now() - index * 86_400_000).toISOString(),
    status: index === 0 ? 'pending' : 'paid',
  }));
}

describe('interest history', () => {
  it('shows the loading text, then cards, table and pagination texts', async () => {
    mockApi({ 'GET /api/user/interest-payments': { body: { interestPayments: payments(45) } } });
    renderRoute(<InterestHistoryScreen />, '/interest-history');
    expect(screen.getByText('Loading interest history...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Daily Interest Earnings' })).toBeInTheDocument();
    expect(screen.getByText('Total Interest Earned')).toBeInTheDocument();
    expect(screen.getByText('$86.40')).toBeInTheDocument(); // 45 * 1.92
    expect(screen.getByText('Last 30 Days')).toBeInTheDocument();
    expect(screen.getByText('$57.60')).toBeInTheDocument(); // days 0..29
    expect(screen.getByText('Total Credits')).toBeInTheDocument();
    expect(screen.getByText('45')).toBeInTheDocument();
    expect(screen.getAllByText('0.019178%')).toHaveLength(20);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getAllByText('Paid')).toHaveLength(19);

    expect(screen.getByText('Showing 1 to 20 of 45 payments')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 21 to 40 of 45 payments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 41 to 45 of 45 payments')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /api/user/interest-payments': { body: { interestPayments: [] } } });
    renderRoute(<InterestHistoryScreen />, '/interest-history');
    expect(await screen.findByText('No interest earnings yet')).toBeInTheDocument();
  });
});
