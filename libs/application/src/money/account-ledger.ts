import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DomainError, evolve, type AccountEvent, type AccountState } from '@savings/domain';
import {
  ACCOUNT_COLUMNS,
  accountRowFrom,
  accountStateOf,
  appendToStreams,
  canonicalJson,
  ensureAccountRow,
  isoUtcSql,
  retryOnConflict,
  streamIdOf,
  VersionConflict,
  type AccountRowRecord,
  type AppendedEvent,
  type EventMetadata,
} from '@savings/ledger';
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import { notificationsFor } from './admin-notifications';
import type { CommandContext } from './money.commands';

/** Attempts of a command that keeps losing version races (50 concurrent commands on one account complete). */
export const MAX_ATTEMPTS = 100;

/** The user facts a money command may need, read with the account row in one statement. */
export interface AccountHolder {
  id: number;
  name: string;
  referenceCode: string;
  beneficiaryName: string | null;
  iban: string | null;
}

/** The deposit request or withdrawal a command targets, as its read-model row. */
export interface TargetedRequest {
  id: number;
  userId: number;
  amountCents: bigint;
  status: string;
  requestedAt: Date;
  processedAt: Date | null;
  completedAt: Date | null;
}

/** An account as a command sees it before deciding. */
export interface LoadedAccount {
  holder: AccountHolder;
  /** the decider's state, the targeted request (if still open) in its map */
  state: AccountState;
  request: TargetedRequest | null;
  /** head of the stream's hash chain */
  lastHash: string | null;
}

export type AccountTarget = { userId: number } | { withdrawalId: number } | { depositRequestId: number };

/** What a command did: the account before, its state after, the events as appended. */
export interface CommandOutcome {
  account: LoadedAccount;
  after: AccountState;
  events: AppendedEvent[];
  occurredAt: Date;
}

/**
 * A money command as the ledger runs it: which account, how the account's decider is asked (pure: the
 * loaded account in, events out), and the response built from the outcome. Declared rather than run by
 * the handler so the ledger can run it again on a newer state after a lost race.
 */
export interface AccountCommandSpec<R> {
  /** Names the command in idempotency scopes. */
  name: string;
  context: CommandContext;
  /** The request's meaning, hashed to tell a true repeat from a reused key. */
  fingerprint: unknown;
  target: AccountTarget;
  decide(account: LoadedAccount): AccountEvent[];
  respond(outcome: CommandOutcome): R;
}

/**
 * The one shape of every money command (style guide, point 4): load the account (its projection row,
 * stream version and the targeted request, in one statement), decide with libs/domain, append with the
 * expected version (libs/ledger appendToStreams: events, postings, hash link, projections,
 * notifications) and the idempotency record in one transaction. A lost version race runs the command
 * again on the new state (retryOnConflict); only when the attempts run out is it refused with 409.
 */
@Injectable()
export class AccountLedger {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute<R>(spec: AccountCommandSpec<R>): Promise<R> {
    const key = spec.context.idempotencyKey ?? null;
    const scope = `${spec.context.actor.kind}:${spec.context.actor.id}:${spec.name}`;
    const requestHash =
      spec.context.requestHash ?? createHash('sha256').update(canonicalJson(spec.fingerprint)).digest('hex');
    if (key) {
      const stored = await this.storedResult<R>(scope, key, requestHash);
      if (stored !== undefined) return stored;
    }
    const metadata = metadataOf(spec.context);
    try {
      return await retryOnConflict(() => this.attempt(spec, metadata, key ? { scope, key, requestHash } : null), {
        maxAttempts: MAX_ATTEMPTS,
        exhausted: () =>
          new DomainError(
            'LEDGER.CONCURRENCY',
            'conflict',
            'The account changed too often while this request was processed. Please try again.',
          ),
      });
    } catch (error) {
      if (key && isConstraint(error, 'idempotency_keys_pkey')) {
        // a concurrent duplicate won: answer with its result
        const stored = await this.storedResult<R>(scope, key, requestHash);
        if (stored !== undefined) return stored;
      }
      throw error;
    }
  }

  /** The next id of a request sequence (new deposit requests and withdrawals name themselves). */
  async nextId(sequence: 'withdrawal_id_seq' | 'deposit_request_id_seq'): Promise<number> {
    const [row] = await this.sql.query<{ id: string }>(`select nextval('${sequence}')::text as id`);
    return Number(row.id);
  }

  private async attempt<R>(
    spec: AccountCommandSpec<R>,
    metadata: EventMetadata,
    idempotency: { scope: string; key: string; requestHash: string } | null,
  ): Promise<R> {
    const account = await this.load(spec.target);
    const occurredAt = new Date();
    const events = spec.decide(account);
    const after = events.reduce(evolve, account.state);
    const streamId = streamIdOf(account.holder.id);
    try {
      return await this.sql.transaction(async (tx) => {
        const { appended, conflicted } = await appendToStreams(tx, [
          {
            streamId,
            expectedVersion: account.state.version,
            prevHash: account.lastHash,
            events,
            metadata,
            occurredAt,
            after,
            notifications: notificationsFor(account.holder, events),
          },
        ]);
        if (conflicted.length > 0) throw new VersionConflict(conflicted);
        const result = spec.respond({ account, after, events: appended.get(streamId) ?? [], occurredAt });
        if (idempotency) {
          await tx.query(
            'insert into idempotency_keys (scope, key, request_hash, response) values ($1, $2, $3, $4::jsonb)',
            [idempotency.scope, idempotency.key, idempotency.requestHash, JSON.stringify(result)],
          );
        }
        return result;
      });
    } catch (error) {
      // two appends that both expected a stream's version 0 may meet at the events' unique key
      if (isConstraint(error, 'ledger_events_stream_version')) throw new VersionConflict([streamId]);
      throw error;
    }
  }

  private async storedResult<R>(scope: string, key: string, requestHash: string): Promise<R | undefined> {
    const [row] = await this.sql.query<{ request_hash: string; response: R }>(
      'select request_hash, response from idempotency_keys where scope = $1 and key = $2',
      [scope, key],
    );
    if (!row) return undefined;
    if (row.request_hash !== requestHash) {
      throw new DomainError(
        'IDEMPOTENCY.KEY_REUSED',
        'conflict',
        'Idempotency-Key was already used with a different request',
      );
    }
    return row.response;
  }

  /** The holder, the account row (created on first use) and the targeted request, in one snapshot. */
  async load(target: AccountTarget): Promise<LoadedAccount> {
    for (let pass = 0; pass < 2; pass += 1) {
      const row = await this.loadRow(target);
      if (row.user_id === null) {
        // a user without an account row yet: create it at version 0 and read again
        await ensureAccountRow(this.sql, Number(row.uid));
        continue;
      }
      const accountRow = accountRowFrom(row as AccountRowRecord);
      const state = accountStateOf(accountRow);
      const request = requestOf(row);
      // the targeted request, while open, is what the decider may act on
      if (request && 'depositRequestId' in target && request.status === 'pending') {
        state.depositRequests = new Map([[request.id, { amountCents: request.amountCents }]]);
      }
      if (request && 'withdrawalId' in target && (request.status === 'pending' || request.status === 'processed')) {
        state.withdrawals = new Map([[request.id, { amountCents: request.amountCents, status: request.status }]]);
      }
      return {
        holder: {
          id: Number(row.uid),
          name: row.name,
          referenceCode: row.reference_code,
          beneficiaryName: row.beneficiary_name,
          iban: row.iban,
        },
        state,
        request,
        lastHash: accountRow.lastHash,
      };
    }
    throw new Error('account row could not be created');
  }

  private async loadRow(target: AccountTarget): Promise<LoadRow> {
    const holderColumns = `u.id::text as uid, u.name, u.reference_code, u.beneficiary_name, u.iban`;
    if ('userId' in target) {
      const [row] = await this.sql.query<LoadRow>(
        `select ${holderColumns}, ${ACCOUNT_COLUMNS}
           from users u left join accounts a on a.user_id = u.id where u.id = $1`,
        [target.userId],
      );
      if (!row) throw new DomainError('USER.NOT_FOUND', 'not_found', 'User not found');
      return row;
    }
    const isWithdrawal = 'withdrawalId' in target;
    const table = isWithdrawal ? 'withdrawals' : 'deposit_requests';
    const completed = isWithdrawal ? 'r.completed_at' : 'null::timestamptz';
    const [row] = await this.sql.query<LoadRow>(
      `select ${holderColumns}, ${ACCOUNT_COLUMNS}, r.id::text as r_id, r.amount_cents::text as r_amount_cents,
              r.status as r_status, ${isoUtcSql('r.requested_at')} as r_requested_at,
              ${isoUtcSql('r.processed_at')} as r_processed_at, ${isoUtcSql(completed)} as r_completed_at
         from ${table} r join users u on u.id = r.user_id left join accounts a on a.user_id = u.id
        where r.id = $1`,
      [isWithdrawal ? target.withdrawalId : target.depositRequestId],
    );
    if (!row) {
      throw new DomainError(
        isWithdrawal ? 'WITHDRAWAL.NOT_FOUND' : 'DEPOSIT_REQUEST.NOT_FOUND',
        'not_found',
        isWithdrawal ? 'Withdrawal not found' : 'Deposit request not found',
      );
    }
    return row;
  }
}

type LoadRow = Omit<AccountRowRecord, 'user_id'> & {
  user_id: string | null;
  uid: string;
  name: string;
  reference_code: string;
  beneficiary_name: string | null;
  iban: string | null;
  r_id?: string;
  r_amount_cents?: string;
  r_status?: string;
  r_requested_at?: string;
  r_processed_at?: string | null;
  r_completed_at?: string | null;
};

function requestOf(row: LoadRow): TargetedRequest | null {
  if (row.r_id === undefined) return null;
  return {
    id: Number(row.r_id),
    userId: Number(row.uid),
    amountCents: BigInt(row.r_amount_cents as string),
    status: row.r_status as string,
    requestedAt: new Date(row.r_requested_at as string),
    processedAt: row.r_processed_at ? new Date(row.r_processed_at) : null,
    completedAt: row.r_completed_at ? new Date(row.r_completed_at) : null,
  };
}

/** Who caused the events, from the command's context (api-contract.md section 3). */
export function metadataOf(context: CommandContext): EventMetadata {
  return {
    actor: { kind: context.actor.kind, id: context.actor.id },
    correlationId: context.correlationId,
    causationId: null,
    idempotencyKey: context.idempotencyKey ?? null,
  };
}

function isConstraint(error: unknown, constraint: string): boolean {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION && (error as { constraint?: string }).constraint === constraint;
}

/** The actor's user id when an admin acts (recorded in events and admin transactions). */
export function adminIdOf(context: CommandContext): number | null {
  return context.actor.kind === 'admin' ? Number(context.actor.id) : null;
}

/** Whether the holder saved what a withdrawal needs (beneficiary and IBAN). */
export function hasBankingDetails(holder: AccountHolder): boolean {
  const present = (value: string | null) => value !== null && value.trim() !== '';
  return present(holder.beneficiaryName) && present(holder.iban);
}
