import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AppConfig } from '@savings/config';
import type { ApprovalPendingResult } from '@savings/contracts';
import {
  Money,
  type AccountEvent,
  type AccountState,
  type ApprovalCommand,
  type ApprovalKind,
  type ApprovalState,
  type BankingDetails,
  type Cents,
  type StatementLineCredit,
  type FourEyesThreshold,
} from '@savings/domain';
import { canonicalJson, type AppendedEvent, type EventMetadata } from '@savings/ledger';
import type { Sql } from '@savings/database';
import { MailOutbox } from '../mail/mail-outbox';
import { APP_CONFIG, SQL } from '../platform/tokens';
import { GroupCommit, storedResult } from './group-commit';
import type { CommandContext, StatementLineRef } from './money.commands';

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
  /** the BIC (SWIFT code) */
  swift: string | null;
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
  /** a withdrawal's: the banking-detail fingerprint its last approval recorded */
  approvedBankingFingerprint?: string | null;
}

/** An account as a command sees it before deciding. */
export interface LoadedAccount {
  holder: AccountHolder;
  /** the decider's state, the targeted request (if still open) in its map */
  state: AccountState;
  request: TargetedRequest | null;
  /** head of the stream's hash chain */
  lastHash: string | null;
  /** the approval a command targets ({ approvalId }), as the group sees it */
  approval: ApprovalState | null;
}

export type AccountTarget =
  | { userId: number }
  | { withdrawalId: number }
  | { depositRequestId: number }
  /** an approval: its customer's account, and the deposit request or withdrawal it names */
  | { approvalId: number };

/**
 * An admin money move as staff controls see it (api-contract.md section 9): whose money, how much,
 * and what it decides. Read off the loaded account, as a request's amount is the request's.
 */
export interface MoneyMove {
  kind: ApprovalKind;
  userId: number;
  amountCents: Cents;
  depositRequestId: number | null;
  withdrawalId: number | null;
  note: string | null;
  /** a deposit crediting a bank statement line (issue 18): the approval carries it to the grant */
  statementLineId?: number;
}

/** What a command did: the account before, its state after, the events as appended. */
export interface CommandOutcome {
  account: LoadedAccount;
  after: AccountState;
  events: AppendedEvent[];
  occurredAt: Date;
  /** the targeted approval after the command (null when none) */
  approval: ApprovalState | null;
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
  /**
   * An admin money move: refused on the admin's own account, and at or above the four-eyes threshold
   * asked of a second admin instead of made (AccountLedger.executeMove).
   */
  move?(account: LoadedAccount): MoneyMove;
  /** A decision on the targeted approval, appended with the account's events (a grant runs the move). */
  approvalCommand?: ApprovalCommand;
  decide(account: LoadedAccount): AccountEvent[];
  respond(outcome: CommandOutcome): R;
}

/** Four eyes for one admin move: the threshold, and who asks. */
export interface FourEyesPolicy {
  threshold: Cents;
  makerId: number;
}

/** ... and the approval it becomes if it reaches the threshold (from the group's loader). */
export interface FourEyesClaim extends FourEyesPolicy {
  approvalId: number;
  makerName: string;
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
  private readonly fourEyesThreshold: FourEyesThreshold;

  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) config: AppConfig,
    outbox: MailOutbox,
  ) {
    this.groups = new GroupCommit(sql, outbox, config.bankingCooldownHours);
    this.fourEyesThreshold = config.fourEyesThresholdCents;
  }

  execute<R>(spec: AccountCommandSpec<R>): Promise<R> {
    return this.run(spec, null);
  }

  /**
   * An admin money move (spec.move): made, or, at or above FOUR_EYES_THRESHOLD, turned into a pending
   * approval (202) that another admin decides. The group's loader hands out the approval's id and the
   * maker's name with the account, so the group can answer with the whole approval (and store it for
   * an Idempotency-Key repeat) without a round trip of its own.
   */
  executeMove<R>(spec: AccountCommandSpec<R>): Promise<R | ApprovalPendingResult> {
    const { actor } = spec.context;
    const threshold = this.fourEyesThreshold;
    if (actor.kind !== 'admin' || threshold === null) return this.run(spec, null);
    return this.run<R | ApprovalPendingResult>(spec, { threshold, makerId: Number(actor.id) });
  }

  private async run<R>(spec: AccountCommandSpec<R>, fourEyes: FourEyesPolicy | null): Promise<R> {
    const key = spec.context.idempotencyKey ?? null;
    const scope = `${spec.context.actor.kind}:${spec.context.actor.id}:${spec.name}`;
    const requestHash =
      spec.context.requestHash ?? createHash('sha256').update(canonicalJson(spec.fingerprint)).digest('hex');
    const idempotency = key ? { scope, key, requestHash } : null;
    if (idempotency) {
      const stored = await storedResult<R>(this.sql, idempotency);
      if (stored !== undefined) return stored;
    }
    return this.groups.submit(spec, metadataOf(spec.context), idempotency, fourEyes);
  }

  /** FOUR_EYES_THRESHOLD in USD for the admin screen; null when off. */
  get fourEyesThresholdUsd(): number | null {
    return this.fourEyesThreshold === null ? null : Money.toJsonNumber(this.fourEyesThreshold);
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

/** The domain's view of the statement line a deposit command credits, if any. */
export function statementLineCredit(line: StatementLineRef | undefined): StatementLineCredit | undefined {
  return line ? { id: line.id, amountCents: Money.parse(line.amount) } : undefined;
}

/** The holder's banking details as saved, for their fingerprint. */
export function bankingDetailsOf(holder: AccountHolder): BankingDetails {
  return { beneficiaryName: holder.beneficiaryName, iban: holder.iban, bic: holder.swift };
}

/** Whether the holder saved what a withdrawal needs (beneficiary and IBAN). */
export function hasBankingDetails(holder: AccountHolder): boolean {
  const present = (value: string | null) => value !== null && value.trim() !== '';
  return present(holder.beneficiaryName) && present(holder.iban);
}
