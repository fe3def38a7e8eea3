import { screen, within } from '@testing-library/react';
import type { PayoutFileView } from '@savings/contracts';
import { mockApi, renderRoute } from '../../../lib/test-utils';
import { PayoutFiles } from './payout-files';

jest.setTimeout(30000);

const file: PayoutFileView = {
  id: 3,
  payoutDate: '2026-12-01',
  withdrawalCount: 2,
  total: 3500.55,
  totalCents: '350055',
  createdAt: '2026-12-01T09:00:01Z',
  sha256: { csv: 'a'.repeat(64), xml: 'b'.repeat(64) },
};

describe('PayoutFiles', () => {
  it('lists each file with its downloads and the hashes its ledger event records', async () => {
    mockApi({ 'GET /api/admin/payouts': { body: { payoutFiles: [file] } } });
    renderRoute(<PayoutFiles />, '/admin');
    const table = await screen.findByRole('table', { name: 'Payout Files' }, { timeout: 10000 });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('#3')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-01')).toBeInTheDocument();
    expect(within(row).getByText('$3,500.55')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'CSV' })).toHaveAttribute('href', '/api/admin/payouts/3/csv');
    expect(within(row).getByRole('link', { name: 'XML' })).toHaveAttribute('href', '/api/admin/payouts/3/xml');
    expect(within(row).getByTitle('a'.repeat(64))).toHaveTextContent('aaaaaaaaaaaaaaaa…');
    expect(screen.getByRole('link', { name: 'Job queues (read-only)' })).toHaveAttribute('href', '/api/admin/queues');
  });

  it('says when there is none yet', async () => {
    mockApi({ 'GET /api/admin/payouts': { body: { payoutFiles: [] } } });
    renderRoute(<PayoutFiles />, '/admin');
    expect(await screen.findByText('No payout files yet', {}, { timeout: 10000 })).toBeInTheDocument();
  });
});
