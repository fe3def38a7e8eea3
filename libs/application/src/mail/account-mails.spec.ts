import type { AccountEvent } from '@savings/domain';
import type { AppendedEvent } from '@savings/ledger';
import { mailsForEvents } from './account-mails';

/**
 * Given an account's appended events, when its mails are chosen, then one mail per deposit confirmed,
 * withdrawal approved and withdrawal paid out, caused by the event's stream and version.
 */

const recipient = { id: 42, name: 'Ann', email: 'ann@example.test', language: 'it' };
const appended = (event: AccountEvent, version: number): AppendedEvent => ({
  seq: String(100 + version),
  streamId: 'account-42',
  version,
  type: event.type,
  schemaVersion: 1,
  payload: event.data,
  metadata: { actor: { kind: 'admin', id: 7 }, correlationId: 'c', causationId: null, idempotencyKey: null },
  occurredAt: new Date('2030-01-05T09:30:00Z'),
  hash: 'h',
  prevHash: 'p',
  event,
});
const base = (version: number) => ({
  cause: `event:account-42:${version}`,
  userId: 42,
  recipient: 'ann@example.test',
  name: 'Ann',
  language: 'it',
});

describe('mails of account events', () => {
  it('mails a confirmed deposit, an approved and a paid-out withdrawal, and nothing else', () => {
    const events: AccountEvent[] = [
      { type: 'DepositRequested', data: { depositRequestId: 3, amountCents: '150000' } },
      {
        type: 'DepositConfirmed',
        data: {
          depositRequestId: 3,
          amountCents: '150000',
          note: null,
          adminId: 7,
          referenceCode: '22222222',
          balanceBeforeCents: '50000',
          balanceAfterCents: '200000',
        },
      },
      { type: 'WithdrawalRequested', data: { withdrawalId: 5, amountCents: '100000' } },
      {
        type: 'WithdrawalApproved',
        data: {
          withdrawalId: 5,
          amountCents: '100000',
          adminId: 7,
          balanceBeforeCents: '200000',
          balanceAfterCents: '100000',
        },
      },
      { type: 'WithdrawalPaidOut', data: { withdrawalId: 5, amountCents: '100000', payoutDate: '2030-02-01' } },
    ];
    expect(
      mailsForEvents(
        recipient,
        events.map((event, index) => appended(event, index + 1)),
      ),
    ).toEqual([
      {
        ...base(2),
        message: { template: 'deposit-confirmed', params: { amountCents: '150000', balanceCents: '200000' } },
      },
      { ...base(4), message: { template: 'withdrawal-approved', params: { amountCents: '100000' } } },
      {
        ...base(5),
        message: { template: 'withdrawal-paid-out', params: { amountCents: '100000', payoutDate: '2030-02-01' } },
      },
    ]);
  });

  it('mails nothing for no events', () => {
    expect(mailsForEvents(recipient, [])).toEqual([]);
  });
});
