import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatementOffThread, parseStatementText } from './statement-parse';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

describe('statement parse off the event loop', () => {
  it('gives the same statement as the parse in this thread, cents still exact', async () => {
    const body = fixture('camt053-v08.xml');
    const off = await parseStatementOffThread('camt053', body);
    expect(off).toEqual(parseStatementText('camt053', body));
    expect('statement' in off && off.statement.entries[0].amountCents).toBe(100000n);
  });

  it('answers a refusal with the line at fault, and bad UTF-8 as such', async () => {
    const csv = Buffer.from(
      'booking_date,amount,currency,remittance,counterparty_name,counterparty_iban,entry_ref\nx\n',
    );
    expect(await parseStatementOffThread('csv', csv)).toEqual({ refused: 'Line 2: expected 7 fields, found 1.' });
    expect(await parseStatementOffThread('csv', Buffer.from([0xc3, 0x28]))).toEqual({
      refused: 'The statement is not valid UTF-8 text.',
    });
  });
});
