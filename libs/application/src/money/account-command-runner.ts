import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  availableCents,
  decide,
  DomainError,
  evolve,
  Money,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
  type OpenDepositRequest,
  type OpenWithdrawal,
} from '@savings/domain';
import {
  ACCOUNT_COLUMNS,
  appendToStream,
  isoUtcSql,
  canonicalJson,
  ensureAccountRow,
  toSnapshot,
  type AppendedEvent,
  type EventMetadata,
  type NotificationRow,
} from '@savings/ledger';
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Sql } from '@savings/database';
import { SQL } from '../platform/tokens';
import type { CommandContext } from './money.commands';
import type { AccountBalances } from './money.results';

export const MAX_ATTEMPTS = 100;

/** The user facts a money command may need, read with the account row in one statement. */
export interface LoadedUser {
  id: number;
  name: string;
  referenceCode: string;
  beneficiaryName: string | null;
  iban: string | null;
}

/** The deposit request or withdrawal a command targets, as its read-model row. */
export interface LoadedRequest {
  id: number;
  userId: number;
  amountCents: bigint;
  status: string;
  requestedAt: Date;
  processedAt: Date | null;
  completedAt: Date | null;
}

export interface Loaded {
  user: LoadedUser;
  state: AccountState;
  request: LoadedRequest | null;
  /** head of the stream's hash chain */
  lastHash: string | null;
}

export type Target =
  { kind: 'user'; userId: number } | { kind: 'withdrawal'; id: number } | { kind: 'depositRequest'; id: number };

export interface AccountCommandSpec<R> {
  /** Names the command in idempotency scopes. */
  name: string;
  context: CommandContext;
  /** The request's meaning, hashed to tell a true repeat from a reused key. */
  fingerprint: unknown;
  target: Target;
  /** Ids from a sequence, taken once before the first attempt so every attempt uses the same. */
  allocateId?: 'withdrawal_id_seq' | 'deposit_request_id_seq';
  command(loaded: Loaded, allocatedId: number | null): AccountCommand;
  notifications?(loaded: Loaded, allocatedId: number | null): NotificationRow[];
  result(outcome: Outcome): R;
}

export interface Outcome {
  loaded: Loaded;
  after: AccountState;
  events: AppendedEvent[];
  occurredAt: Date;
  allocatedId: number | null;
}

class VersionConflict extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one shape of every money command handler (style guide, point 4): load the account (projection
 * row, its stream version and the targeted request, in one statement), decide with libs/domain, then
 * append with the expected version, postings, projections, notifications and the idempotency record
 * in one transaction. A lost version race re-runs the whole command on the new state (bounded, with
 * jittered backoff); only when the attempts run out is it refused with 409.
 */
@Injectable()
export class AccountCommandRunner {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async run<R>(spec: AccountCommandSpec<R>): Promise<R> {
    const key = spec.context.idempotencyKey ?? null;
    const scope = `${spec.context.actor.kind}:${spec.context.actor.id}:${spec.name}`;
    const requestHash =
      spec.context.requestHash ?? createHash('sha256').update(canonicalJson(spec.fingerprint)).digest('hex');
    if (key) {
      const stored = await this.storedResult<R>(scope, key, requestHash);
      if (stored !== undefined) return stored;
    }
    const allocatedId = spec.allocateId ? await this.nextId(spec.allocateId) : null;
    const metadata: EventMetadata = {
      actor: { kind: spec.context.actor.kind, id: spec.context.actor.id },
      correlationId: spec.context.correlationId,
      causationId: null,
      idempotencyKey: key,
    };

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const loaded = await this.load(spec.target);
      const occurredAt = new Date();
      const events: AccountEvent[] = decide(spec.command(loaded, allocatedId), loaded.state);
      const after = events.reduce(evolve, loaded.state);
      try {
        return await this.sql.transaction(async (tx) => {
          const appended = await appendToStream(tx, {
            userId: loaded.user.id,
            expectedVersion: loaded.state.version,
            prevHash: loaded.lastHash,
            after,
            events,
            metadata,
            occurredAt,
            notifications: events.length > 0 ? spec.notifications?.(loaded, allocatedId) : undefined,
          });
          if (appended === null) throw new VersionConflict();
          const result = spec.result({ loaded, after, events: appended, occurredAt, allocatedId });
          if (key) {
            await tx.query(
              'insert into idempotency_keys (scope, key, request_hash, response) values ($1, $2, $3, $4::jsonb)',
              [scope, key, requestHash, JSON.stringify(result)],
            );
          }
          return result;
        });
      } catch (error) {
        if (error instanceof VersionConflict || isConstraint(error, 'ledger_events_stream_version')) {
          await sleep(Math.random() * Math.min(50, 2 * attempt));
          continue;
        }
        if (key && isConstraint(error, 'idempotency_keys_pkey')) {
          // a concurrent duplicate won: answer with its result
          const stored = await this.storedResult<R>(scope, key, requestHash);
          if (stored !== undefined) return stored;
        }
        throw error;
      }
    }
    throw new DomainError(
      'LEDGER.CONCURRENCY',
      'conflict',
      'The account changed too often while this request was processed. Please try again.',
    );
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

  private async nextId(sequence: 'withdrawal_id_seq' | 'deposit_request_id_seq'): Promise<number> {
    const [row] = await this.sql.query<{ id: string }>(`select nextval('${sequence}')::text as id`);
    return Number(row.id);
  }

  /** The user, the account row (created on first use) and the targeted request, in one snapshot. */
  async load(target: Target): Promise<Loaded> {
    for (let pass = 0; pass < 2; pass += 1) {
      const row = await this.loadRow(target);
      if (row.user_id === null) {
        // a user without an account row yet: create it at version 0 and read again
        await ensureAccountRow(this.sql, Number(row.uid));
        continue;
      }
      const snapshot = toSnapshot(row as Parameters<typeof toSnapshot>[0]);
      const request = requestOf(row);
      const depositRequests = new Map<number, OpenDepositRequest>();
      const withdrawals = new Map<number, OpenWithdrawal>();
      if (request && target.kind === 'depositRequest' && request.status === 'pending') {
        depositRequests.set(request.id, { amountCents: request.amountCents });
      }
      if (request && target.kind === 'withdrawal' && (request.status === 'pending' || request.status === 'processed')) {
        withdrawals.set(request.id, { amountCents: request.amountCents, status: request.status });
      }
      return {
        user: {
          id: Number(row.uid),
          name: row.name,
          referenceCode: row.reference_code,
          beneficiaryName: row.beneficiary_name,
          iban: row.iban,
        },
        state: {
          version: snapshot.version,
          balanceCents: snapshot.balanceCents,
          heldCents: snapshot.heldCents,
          interestCarry: snapshot.interestCarry,
          lastAccrualDate: snapshot.lastAccrualDate,
          depositRequests,
          withdrawals,
        },
        request,
        lastHash: snapshot.lastHash,
      };
    }
    throw new Error('account row could not be created');
  }

  private async loadRow(target: Target): Promise<LoadRow> {
    const userColumns = `u.id::text as uid, u.name, u.reference_code, u.beneficiary_name, u.iban`;
    if (target.kind === 'user') {
      const [row] = await this.sql.query<LoadRow>(
        `select ${userColumns}, ${ACCOUNT_COLUMNS}
           from users u left join accounts a on a.user_id = u.id where u.id = $1`,
        [target.userId],
      );
      if (!row) throw new DomainError('USER.NOT_FOUND', 'not_found', 'User not found');
      return row;
    }
    const table = target.kind === 'withdrawal' ? 'withdrawals' : 'deposit_requests';
    const completed = target.kind === 'withdrawal' ? 'r.completed_at' : 'null::timestamptz';
    const [row] = await this.sql.query<LoadRow>(
      `select ${userColumns}, ${ACCOUNT_COLUMNS}, r.id::text as r_id, r.amount_cents::text as r_amount_cents,
              r.status as r_status, ${isoUtcSql('r.requested_at')} as r_requested_at,
              ${isoUtcSql('r.processed_at')} as r_processed_at, ${isoUtcSql(completed)} as r_completed_at
         from ${table} r join users u on u.id = r.user_id left join accounts a on a.user_id = u.id
        where r.id = $1`,
      [target.id],
    );
    if (!row) {
      throw new DomainError(
        target.kind === 'withdrawal' ? 'WITHDRAWAL.NOT_FOUND' : 'DEPOSIT_REQUEST.NOT_FOUND',
        'not_found',
        target.kind === 'withdrawal' ? 'Withdrawal not found' : 'Deposit request not found',
      );
    }
    return row;
  }
}

interface LoadRow {
  uid: string;
  name: string;
  reference_code: string;
  beneficiary_name: string | null;
  iban: string | null;
  user_id: string | null;
  version: number;
  balance_cents: string;
  held_cents: string;
  interest_carry: number;
  last_accrual_date: string | null;
  last_hash: string | null;
  r_id?: string;
  r_amount_cents?: string;
  r_status?: string;
  r_requested_at?: string;
  r_processed_at?: string | null;
  r_completed_at?: string | null;
}

function requestOf(row: LoadRow): LoadedRequest | null {
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

function isConstraint(error: unknown, constraint: string): boolean {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION && (error as { constraint?: string }).constraint === constraint;
}

export function balancesOf(userId: number, state: AccountState): AccountBalances {
  return {
    userId,
    balance: Money.toJsonNumber(state.balanceCents),
    availableBalance: Money.toJsonNumber(availableCents(state)),
    version: state.version,
  };
}

/** The actor's user id when an admin acts (recorded in events and admin transactions). */
export function adminIdOf(context: CommandContext): number | null {
  return context.actor.kind === 'admin' ? Number(context.actor.id) : null;
}
