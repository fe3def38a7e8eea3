import {
  activeCoolingOffEnd,
  approvalStreamIdOf,
  DomainError,
  evolve,
  evolveApproval,
  type AccountState,
  type ApprovalState,
} from '@savings/domain';
import {
  accountStateOf,
  appendToStreams,
  conflictBackoffMs,
  streamIdOf,
  type EventMetadata,
  type StreamWrite,
} from '@savings/ledger';
import { isConnectionLoss, pgErrorCode, type Sql, type SqlQueryable } from '@savings/database';
import { loadTargets, type LoadedApproval, type LoadedTarget } from './account-loader';
import {
  MAX_ATTEMPTS,
  type AccountCommandSpec,
  type FourEyesClaim,
  type FourEyesPolicy,
  type LoadedAccount,
} from './account-ledger';
import { mailsForEvents } from '../mail/account-mails';
import {
  adminRecipients,
  approvalMails,
  reapprovalMails,
  returnedWithdrawals,
  type AskedApproval,
  type ReturnedWithdrawal,
} from '../mail/approval-mails';
import type { MailOutbox, OutboxMail } from '../mail/mail-outbox';
import { approvalNotification, notificationsFor } from './admin-notifications';
import { pendingApprovalResult } from './command-results';
import { planCommand } from './staff-controls';

/** Commands in one group at most: one transaction stays short, and a group's statements stay small. */
export const MAX_GROUP_SIZE = 64;
/**
 * Groups of one process being loaded, decided and written at once: one, so each group takes every
 * command waiting (the largest groups, the least work per command) while the groups before it wait
 * for their commits.
 */
export const GROUPS_IN_FLIGHT = 1;
/**
 * Groups open at once, those waiting for their commit's flush to disk included. A group that has sent
 * its commit no longer holds the working slot: the next group starts meanwhile, and PostgreSQL flushes
 * the write-ahead log of concurrent commits together, so the flush's wait is shared, not queued.
 */
export const GROUPS_OPEN = 6;

export interface IdempotencyClaim {
  scope: string;
  key: string;
  requestHash: string;
}

/** A command waiting for its group, and how to answer its caller. */
interface Queued {
  spec: AccountCommandSpec<unknown>;
  metadata: EventMetadata;
  idempotency: IdempotencyClaim | null;
  /** an admin money move under four eyes: the threshold and the maker */
  fourEyes: FourEyesPolicy | null;
  attempts: number;
  /** after a group failed as a whole: run this one in a group of its own to find who made it fail */
  alone: boolean;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** One account's state as the commands of a group see it, in arrival order. */
interface AccountCursor {
  holder: LoadedAccount['holder'];
  state: AccountState;
  lastHash: string | null;
  /** targeted requests already merged into the state */
  seen: Set<string>;
}

/** An approval's state as the commands of a group see it. */
interface ApprovalCursor {
  state: ApprovalState;
  lastHash: string | null;
}

/** What a group decided for one command: its writes stand or fall together. */
interface Decision {
  item: Queued;
  account: LoadedAccount;
  after: AccountState;
  write: number;
  streamId: string;
  /** the approval streams it appends to (their writes' indexes), with the account's */
  approvalWrites: { streamId: string; write: number }[];
  approvalAfter: ApprovalState | null;
  /** set when the command became a pending approval: the group answers with it */
  pendingApproval: { claim: FourEyesClaim; state: ApprovalState } | null;
}

/**
 * A command's account and approval writes were split by a race (one stream moved by another process,
 * another not): the group's transaction is rolled back and run again, so neither half is kept.
 */
class LinkedWritesConflict extends Error {
  constructor() {
    super('linked writes of one command conflicted in part');
  }
}

/** Errors after which the group's transaction may simply be run again. */
const RETRYABLE = new Set(['40P01' /* deadlock */, '40001' /* serialization failure */]);

/**
 * Group commit of money commands, one per process (issue 22; docs/decisions/0024-group-commit.md).
 * Commands queue while up to GROUPS_IN_FLIGHT groups are at work (and GROUPS_OPEN in all, those
 * waiting for their commit included); each next group takes up to MAX_GROUP_SIZE of them and:
 *  1. loads every targeted account in one statement;
 *  2. in one transaction: claims the idempotency keys (a key another request holds is answered with
 *     that request's result), decides each command in arrival order on its account's latest state (two
 *     commands on one account see each other's effect; a refused command changes nothing for the
 *     others), appends all of them with one appendToStreams, writes the mails their events call for
 *     to the outbox, and stores the responses;
 *  3. answers each caller after the commit, with its own result or its own error.
 * A stream another process moved first is conflicted: only its commands are decided again in a later
 * group. A group whose transaction fails for another reason is rolled back whole and each of its
 * commands is run again alone, so the error reaches only the command that causes it.
 */
export class GroupCommit {
  private readonly queue: Queued[] = [];
  /** groups loading, deciding or writing */
  private working = 0;
  /** groups whose work is sent and whose commit is under way */
  private committing = 0;
  private idle: (() => void)[] = [];

  constructor(
    private readonly sql: Sql,
    private readonly outbox: MailOutbox,
    /** BANKING_COOLDOWN_HOURS: mails about a withdrawal back to pending say when it can be approved again */
    private readonly bankingCooldownHours = 0,
  ) {}

  submit<R>(
    spec: AccountCommandSpec<unknown>,
    metadata: EventMetadata,
    idempotency: IdempotencyClaim | null,
    fourEyes: FourEyesPolicy | null = null,
  ): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({
        spec,
        metadata,
        idempotency,
        fourEyes,
        attempts: 0,
        alone: false,
        resolve: resolve as (result: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  /** Resolves once nothing is queued or committing. */
  drained(): Promise<void> {
    if (this.working + this.committing === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.working < GROUPS_IN_FLIGHT && this.working + this.committing < GROUPS_OPEN && this.queue.length > 0) {
      const group = this.takeGroup();
      this.working += 1;
      let committing = false;
      const onCommitting = () => {
        committing = true;
        this.working -= 1;
        this.committing += 1;
        this.pump();
      };
      void this.run(group, onCommitting).finally(() => {
        if (committing) this.committing -= 1;
        else this.working -= 1;
        this.pump();
        if (this.working + this.committing === 0 && this.queue.length === 0) {
          for (const done of this.idle.splice(0)) done();
        }
      });
    }
  }

  private takeGroup(): Queued[] {
    if (this.queue[0].alone) return this.queue.splice(0, 1);
    const group: Queued[] = [];
    for (let i = 0; i < this.queue.length && group.length < MAX_GROUP_SIZE;) {
      if (this.queue[i].alone) i += 1;
      else group.push(...this.queue.splice(i, 1));
    }
    return group;
  }

  /** `onCommitting` is called once the group's work is sent and only its commit remains. */
  private async run(group: Queued[], onCommitting: () => void): Promise<void> {
    for (const item of group) item.attempts += 1;
    let targets: (LoadedTarget | DomainError)[];
    try {
      targets = await loadTargets(
        this.sql,
        group.map((item) => item.spec.target),
        group.map((item) => item.fourEyes?.makerId ?? null),
      );
    } catch (error) {
      this.failed(group, error);
      return;
    }
    const answers: (() => void)[] = [];
    const again: Queued[] = [];
    try {
      await this.sql.transaction(async (tx) => {
        answers.length = 0;
        again.length = 0;
        const claimed = await this.claim(tx, group);
        const accounts = new Map<number, AccountCursor>();
        const approvals = new Map<number, ApprovalCursor>();
        const writes: StreamWrite[] = [];
        const decisions: Decision[] = [];
        const occurredAt = new Date();
        group.forEach((item, index) => {
          const target = targets[index];
          if (target instanceof DomainError) {
            answers.push(() => item.reject(target));
            return;
          }
          if (item.idempotency && !claimed.has(item)) {
            // another request holds the key (committed before this group's claim): its answer is ours
            answers.push(() => void this.answerStored(item));
            return;
          }
          const cursor = cursorOf(accounts, target);
          const targeted = target.approval ? approvalCursorOf(approvals, target.approval) : null;
          const account: LoadedAccount = {
            holder: cursor.holder,
            state: cursor.state,
            request: target.request,
            lastHash: cursor.lastHash,
            approval: targeted?.state ?? null,
          };
          const fourEyes: FourEyesClaim | null =
            item.fourEyes && target.newApproval
              ? { ...item.fourEyes, approvalId: target.newApproval.id, makerName: target.newApproval.makerName }
              : null;
          let plan: ReturnType<typeof planCommand>;
          try {
            plan = planCommand(item.spec, account, item.metadata, fourEyes);
          } catch (error) {
            answers.push(() => item.reject(error));
            return;
          }
          const { events } = plan;
          const after = events.reduce(evolve, cursor.state);
          const streamId = streamIdOf(cursor.holder.id);
          const metadata = plan.metadata;
          writes.push({
            streamId,
            expectedVersion: cursor.state.version,
            prevHash: cursor.lastHash,
            events,
            metadata,
            occurredAt,
            after,
            notifications: notificationsFor(cursor.holder, events),
          });
          const decision: Decision = {
            item,
            account,
            after,
            write: writes.length - 1,
            streamId,
            approvalWrites: [],
            approvalAfter: targeted?.state ?? null,
            pendingApproval: null,
          };
          const appendApproval = (
            approvalCursor: ApprovalCursor | null,
            approvalEvents: typeof plan.approvalEvents,
          ) => {
            if (approvalEvents.length === 0) return null;
            const state = approvalEvents.reduce<ApprovalState | null>(evolveApproval, approvalCursor?.state ?? null);
            if (!state) return null;
            const approvalStream = approvalStreamIdOf(state.id);
            writes.push({
              streamId: approvalStream,
              expectedVersion: approvalCursor?.state.version ?? 0,
              prevHash: approvalCursor?.lastHash ?? null,
              events: approvalEvents,
              metadata,
              occurredAt,
              notifications:
                approvalCursor === null && fourEyes
                  ? [approvalNotification(state, cursor.holder, fourEyes.makerName)]
                  : [],
            });
            decision.approvalWrites.push({ streamId: approvalStream, write: writes.length - 1 });
            if (approvalCursor) approvalCursor.state = state;
            else approvals.set(state.id, { state, lastHash: null });
            return state;
          };
          const approvalAfter = appendApproval(targeted, plan.approvalEvents);
          if (approvalAfter) decision.approvalAfter = approvalAfter;
          if (plan.becamePending && approvalAfter && fourEyes) {
            decision.pendingApproval = { claim: fourEyes, state: approvalAfter };
          }
          // what the command did to its request voids the other approvals still pending on it
          const voided = plan.voidReason;
          if (voided) {
            for (const pending of target.pendingApprovals) {
              const other = approvalCursorOf(approvals, pending);
              if (other.state.status !== 'pending' || other === targeted) continue;
              appendApproval(other, [{ type: 'ApprovalVoided', data: { approvalId: other.state.id, reason: voided } }]);
            }
          }
          decisions.push(decision);
          cursor.state = after;
        });
        const outcome = await appendToStreams(tx, writes);
        const conflicted = new Set(outcome.conflicted);
        const stored: { claim: IdempotencyClaim; response: unknown }[] = [];
        const mails: OutboxMail[] = [];
        const asked: AskedApproval[] = [];
        const returned: ReturnedWithdrawal[] = [];
        for (const decision of decisions) {
          const { item } = decision;
          // a command that only decides an approval does not depend on its account's stream
          const onAccount = writes[decision.write].events.length > 0 || decision.approvalWrites.length === 0;
          const streams = [
            ...(onAccount ? [decision.streamId] : []),
            ...decision.approvalWrites.map((w) => w.streamId),
          ];
          const lost = streams.filter((id) => conflicted.has(id)).length;
          if (lost > 0 && lost < streams.length) throw new LinkedWritesConflict();
          if (lost > 0) {
            again.push(item);
            continue;
          }
          const events = outcome.byWrite[decision.write] ?? [];
          const { holder } = decision.account;
          const approvableAfter = activeCoolingOffEnd(
            holder.bankingDetailsChangedAt,
            this.bankingCooldownHours,
            occurredAt,
          );
          mails.push(...mailsForEvents(holder, events, approvableAfter));
          returned.push(...returnedWithdrawals(holder.name, events, approvableAfter));
          if (decision.pendingApproval) {
            asked.push({
              approval: decision.pendingApproval.state,
              customerName: decision.account.holder.name,
              makerName: decision.pendingApproval.claim.makerName,
            });
          }
          const response = decision.pendingApproval
            ? pendingApprovalResult(
                decision.pendingApproval.state,
                decision.account.holder,
                decision.pendingApproval.claim,
                occurredAt,
              )
            : item.spec.respond({
                account: decision.account,
                after: decision.after,
                events,
                occurredAt,
                approval: decision.approvalAfter,
              });
          if (item.idempotency) stored.push({ claim: item.idempotency, response });
          answers.push(() => item.resolve(response));
        }
        // the mails the appended events and new approvals call for, committed with them (the outbox)
        if (asked.length > 0 || returned.length > 0) {
          const admins = await adminRecipients(tx);
          mails.push(...approvalMails(asked, admins, this.outbox.linkOrigin));
          mails.push(...reapprovalMails(returned, admins, this.outbox.linkOrigin));
        }
        await this.outbox.write(tx, mails);
        // keys of commands that did not happen are released; the others keep their response
        const released = [...claimed].filter((item) => !stored.some((entry) => entry.claim === item.idempotency));
        await this.settleClaims(
          tx,
          stored,
          released.map((item) => item.idempotency as IdempotencyClaim),
        );
        onCommitting();
      });
    } catch (error) {
      // commands whose stream had moved wrote nothing in this transaction, whether it committed or not
      this.failed(group, error, again);
      return;
    }
    for (const answer of answers) answer();
    this.retry(again);
  }

  /** Inserts the group's idempotency keys; returns the commands whose key this group now holds. */
  private async claim(tx: SqlQueryable, group: Queued[]): Promise<Set<Queued>> {
    const keyed = group.filter((item) => item.idempotency);
    if (keyed.length === 0) return new Set();
    const claims = keyed.map((item) => item.idempotency as IdempotencyClaim);
    const rows = await tx.query<{ scope: string; key: string }>(
      `insert into idempotency_keys (scope, key, request_hash, response)
       select scope, key, request_hash, 'null'::jsonb from unnest($1::text[], $2::text[], $3::text[]) as c(scope, key, request_hash)
       on conflict do nothing
       returning scope, key`,
      [claims.map((c) => c.scope), claims.map((c) => c.key), claims.map((c) => c.requestHash)],
    );
    // a key named twice in the group is held by its first command; the second is answered with its result
    const won = new Set(rows.map((row) => `${row.scope}\n${row.key}`));
    const holders = new Set<Queued>();
    for (const item of keyed) {
      const id = `${item.idempotency?.scope}\n${item.idempotency?.key}`;
      if (won.delete(id)) holders.add(item);
    }
    return holders;
  }

  private async settleClaims(
    tx: SqlQueryable,
    stored: { claim: IdempotencyClaim; response: unknown }[],
    released: IdempotencyClaim[],
  ): Promise<void> {
    if (stored.length > 0) {
      await tx.query(
        `update idempotency_keys k set response = v.response
           from unnest($1::text[], $2::text[], $3::jsonb[]) as v(scope, key, response)
          where k.scope = v.scope and k.key = v.key`,
        [
          stored.map((entry) => entry.claim.scope),
          stored.map((entry) => entry.claim.key),
          stored.map((entry) => JSON.stringify(entry.response)),
        ],
      );
    }
    if (released.length > 0) {
      await tx.query(
        `delete from idempotency_keys k using unnest($1::text[], $2::text[]) as v(scope, key)
          where k.scope = v.scope and k.key = v.key`,
        [released.map((claim) => claim.scope), released.map((claim) => claim.key)],
      );
    }
  }

  private async answerStored(item: Queued): Promise<void> {
    try {
      const stored = await storedResult(this.sql, item.idempotency as IdempotencyClaim);
      // the other request's command was refused after all: decide this one anew
      if (stored === undefined) this.retry([item]);
      else item.resolve(stored);
    } catch (error) {
      item.reject(error);
    }
  }

  /** Commands decided again in a later group (their stream moved, or their group failed). */
  private retry(items: Queued[]): void {
    const now: Queued[] = [];
    for (const item of items) {
      if (item.attempts >= MAX_ATTEMPTS) {
        item.reject(
          new DomainError(
            'LEDGER.CONCURRENCY',
            'conflict',
            'The account changed too often while this request was processed. Please try again.',
          ),
        );
      } else if (item.attempts < 3) {
        now.push(item);
      } else {
        // a stream that keeps moving: spread the retries out
        setTimeout(() => {
          this.queue.unshift(item);
          this.pump();
        }, conflictBackoffMs(item.attempts));
      }
    }
    if (now.length > 0) {
      this.queue.unshift(...now);
      this.pump();
    }
  }

  /**
   * The group's transaction rolled back: nothing of it happened. Except when its connection was lost
   * (a failover, a restart): then its COMMIT may or may not have happened, and running its commands
   * again here would be a guess that can apply a command twice. Each caller is answered with the loss
   * instead (503, Retry-After), and a retry with the same Idempotency-Key finds the committed answer
   * or runs the command once (api-contract.md section 16).
   */
  private failed(group: Queued[], error: unknown, unwritten: readonly Queued[] = []): void {
    if (isConnectionLoss(error)) {
      // the COMMIT may have happened: nobody is answered as if it had, nor run again, but the commands
      // the transaction knew it did not write (their stream had moved) are decided again
      const retried = new Set(unwritten);
      for (const item of group) if (!retried.has(item)) item.reject(error);
      this.retry([...retried]);
      return;
    }
    const code = pgErrorCode(error);
    // two appends that both expected a stream's version 0 may meet at the events' unique key
    const streamRace =
      code === '23505' && (error as { constraint?: string }).constraint === 'ledger_events_stream_version';
    if ((code !== undefined && RETRYABLE.has(code)) || streamRace || error instanceof LinkedWritesConflict) {
      this.retry(group);
    } else if (group.length > 1) {
      for (const item of group) item.alone = true;
      this.retry(group);
    } else {
      group[0].reject(error);
    }
  }
}

/**
 * The group's view of an account: loaded once, then moved on by each command decided on it. A
 * targeted request joins the state the first time the group meets it (later, the state's own word
 * on it counts: a command earlier in the group may have closed it).
 */
function cursorOf(accounts: Map<number, AccountCursor>, target: LoadedTarget): AccountCursor {
  let cursor = accounts.get(target.holder.id);
  if (!cursor) {
    const state = accountStateOf(target.row);
    cursor = { holder: target.holder, state, lastHash: target.row.lastHash, seen: new Set() };
    accounts.set(target.holder.id, cursor);
  }
  const { request } = target;
  if (!request || target.kind === 'user' || cursor.seen.has(`${target.kind}:${request.id}`)) return cursor;
  cursor.seen.add(`${target.kind}:${request.id}`);
  if (target.kind === 'depositRequest' && request.status === 'pending') {
    const depositRequests = new Map(cursor.state.depositRequests);
    depositRequests.set(request.id, { amountCents: request.amountCents });
    cursor.state = { ...cursor.state, depositRequests };
  }
  if (target.kind === 'withdrawal' && (request.status === 'pending' || request.status === 'processed')) {
    const withdrawals = new Map(cursor.state.withdrawals);
    withdrawals.set(request.id, {
      amountCents: request.amountCents,
      status: request.status,
      bankingFingerprint: request.approvedBankingFingerprint ?? null,
    });
    cursor.state = { ...cursor.state, withdrawals };
  }
  return cursor;
}

/** The group's view of an approval: loaded once, then moved on by each command deciding it. */
function approvalCursorOf(approvals: Map<number, ApprovalCursor>, loaded: LoadedApproval): ApprovalCursor {
  let cursor = approvals.get(loaded.state.id);
  if (!cursor) {
    cursor = { state: loaded.state, lastHash: loaded.lastHash };
    approvals.set(loaded.state.id, cursor);
  }
  return cursor;
}

/** The stored answer of an idempotency key: undefined when none; 409 when the key named another request. */
export async function storedResult<R>(sql: Sql, claim: IdempotencyClaim): Promise<R | undefined> {
  const [row] = await sql.query<{ request_hash: string; response: R }>(
    'select request_hash, response from idempotency_keys where scope = $1 and key = $2',
    [claim.scope, claim.key],
  );
  if (!row || row.response === null) return undefined;
  if (row.request_hash !== claim.requestHash) {
    throw new DomainError(
      'IDEMPOTENCY.KEY_REUSED',
      'conflict',
      'Idempotency-Key was already used with a different request',
    );
  }
  return row.response;
}
