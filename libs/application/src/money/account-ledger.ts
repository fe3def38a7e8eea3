import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AccountEvent, AccountState } from '@savings/domain';
import { canonicalJson, type AppendedEvent, type EventMetadata } from '@savings/ledger';
import type { Sql } from '@savings/database';
import { MailOutbox } from '../mail/mail-outbox';
import { SQL } from '../platform/tokens';
import { GroupCommit, storedResult } from './group-commit';
import type { CommandContext } from './money.commands';

/** Attempts of a command that keeps losing version races (50 concurrent commands on one account complete). */
export const MAX_ATTEMPTS = 100;

/** The user facts a money command may need, read with the account row in one statement. */
export interface AccountHolder {
  id: number;
  name: string;
  email: string;
  /** the language the customer's mails are written in */
  language: string;
  referenceCode: string;
  beneficiaryName: string | null;
  iban: string | null;
  /** when saved banking details were last changed (the first save is not a change): the cooling-off */
  bankingDetailsChangedAt: Date | null;
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
 * stream version and the targeted request), decide with libs/domain, append with the expected version
 * (libs/ledger appendToStreams: events, postings, hash link, projections, notifications), the mails
 * the events call for (the outbox) and the idempotency record in one transaction. A lost version race decides the command again on the new
 * state; only when the attempts run out is it refused with 409.
 *
 * Commands are committed in groups (GroupCommit, docs/decisions/0024-group-commit.md): the commands
 * that arrive while a group commits are decided in arrival order on the latest state and appended
 * together, one transaction for the whole group. Nothing is answered before its group commits.
 */
@Injectable()
export class AccountLedger implements OnApplicationShutdown {
  private readonly groups: GroupCommit;

  constructor(
    @Inject(SQL) private readonly sql: Sql,
    outbox: MailOutbox,
  ) {
    this.groups = new GroupCommit(sql, outbox);
  }

  async execute<R>(spec: AccountCommandSpec<R>): Promise<R> {
    const key = spec.context.idempotencyKey ?? null;
    const scope = `${spec.context.actor.kind}:${spec.context.actor.id}:${spec.name}`;
    const requestHash =
      spec.context.requestHash ?? createHash('sha256').update(canonicalJson(spec.fingerprint)).digest('hex');
    const idempotency = key ? { scope, key, requestHash } : null;
    if (idempotency) {
      const stored = await storedResult<R>(this.sql, idempotency);
      if (stored !== undefined) return stored;
    }
    return this.groups.submit(spec, metadataOf(spec.context), idempotency);
  }

  /** The next id of a request sequence (new deposit requests and withdrawals name themselves). */
  async nextId(sequence: 'withdrawal_id_seq' | 'deposit_request_id_seq'): Promise<number> {
    const [row] = await this.sql.query<{ id: string }>(`select nextval('${sequence}')::text as id`);
    return Number(row.id);
  }

  /** Commands already queued are committed before the pool closes. */
  onApplicationShutdown(): Promise<void> {
    return this.groups.drained();
  }
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

/** The actor's user id when an admin acts (recorded in events and admin transactions). */
export function adminIdOf(context: CommandContext): number | null {
  return context.actor.kind === 'admin' ? Number(context.actor.id) : null;
}

/** Whether the holder saved what a withdrawal needs (beneficiary and IBAN). */
export function hasBankingDetails(holder: AccountHolder): boolean {
  const present = (value: string | null) => value !== null && value.trim() !== '';
  return present(holder.beneficiaryName) && present(holder.iban);
}
