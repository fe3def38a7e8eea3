import { Inject, Optional } from '@nestjs/common';
import type { AppConfig } from '@savings/config';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ApprovalDecisionResult, ApprovalItem, ApprovalsResponse } from '@savings/contracts';
import { DomainError, Money } from '@savings/domain';
import { isoUtcSql } from '@savings/ledger';
import type { Sql } from '@savings/database';
import { AccountLedger, adminIdOf } from '../money/account-ledger';
import { APP_CONFIG, CLOCK, SQL, systemClock, type Clock } from '../platform/tokens';
import { decideGrantedMove } from './approval-moves';
import {
  GetApprovalQuery,
  GrantApprovalCommand,
  ListApprovalsQuery,
  RejectApprovalCommand,
} from './approvals.commands';

/** Newest approvals shown at most (the pending ones are few; decided ones are history). */
export const MAX_APPROVALS_LISTED = 200;

function checkerOf(command: { context: GrantApprovalCommand['context'] }): number {
  const adminId = adminIdOf(command.context);
  if (adminId === null) throw new DomainError('AUTH.ADMIN_REQUIRED', 'forbidden', 'Admin access required');
  return adminId;
}

/**
 * Approve: the approval's grant and the move it names are one command of the group commit (one
 * transaction, one append): two admins approving at once move the money once, the other gets 409.
 */
@CommandHandler(GrantApprovalCommand)
export class GrantApprovalHandler implements ICommandHandler<GrantApprovalCommand, ApprovalDecisionResult> {
  constructor(
    private readonly ledger: AccountLedger,
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute(command: GrantApprovalCommand): Promise<ApprovalDecisionResult> {
    const { approvalId } = command;
    await this.ledger.execute({
      name: 'GrantApproval',
      context: command.context,
      fingerprint: { approvalId },
      target: { approvalId },
      approvalCommand: { type: 'GrantApproval', data: { checkerId: checkerOf(command) } },
      // planCommand has found the approval pending before this runs
      decide: (account) =>
        account.approval
          ? decideGrantedMove(account.approval, account, {
              cooldownHours: this.config.bankingCooldownHours,
              bankingFingerprintKey: this.config.bankingFingerprintKey,
              now: this.clock.now(),
            })
          : [],
      respond: () => ({ approvalId }),
    });
    return { approval: await approvalById(this.sql, approvalId) };
  }
}

@CommandHandler(RejectApprovalCommand)
export class RejectApprovalHandler implements ICommandHandler<RejectApprovalCommand, ApprovalDecisionResult> {
  constructor(
    private readonly ledger: AccountLedger,
    @Inject(SQL) private readonly sql: Sql,
  ) {}

  async execute(command: RejectApprovalCommand): Promise<ApprovalDecisionResult> {
    const { approvalId } = command;
    const reason = command.reason.trim();
    if (reason === '') throw new DomainError('APPROVAL.REASON_REQUIRED', 'invalid', 'A reason is required');
    await this.ledger.execute({
      name: 'RejectApproval',
      context: command.context,
      fingerprint: { approvalId, reason },
      target: { approvalId },
      approvalCommand: { type: 'RejectApproval', data: { checkerId: checkerOf(command), reason } },
      decide: () => [],
      respond: () => ({ approvalId }),
    });
    return { approval: await approvalById(this.sql, approvalId) };
  }
}

@QueryHandler(ListApprovalsQuery)
export class ListApprovalsHandler implements IQueryHandler<ListApprovalsQuery, ApprovalsResponse> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly ledger: AccountLedger,
  ) {}

  async execute(query: ListApprovalsQuery): Promise<ApprovalsResponse> {
    const rows = await this.sql.query<ApprovalRecord>(
      `${APPROVALS_SELECT} where ($1::text is null or a.status = $1)
        order by a.requested_at desc, a.id desc limit ${MAX_APPROVALS_LISTED}`,
      [query.status],
    );
    return { approvals: rows.map(approvalItemOf), fourEyesThreshold: this.ledger.fourEyesThresholdUsd };
  }
}

@QueryHandler(GetApprovalQuery)
export class GetApprovalHandler implements IQueryHandler<GetApprovalQuery, ApprovalItem> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  execute(query: GetApprovalQuery): Promise<ApprovalItem> {
    return approvalById(this.sql, query.approvalId);
  }
}

interface ApprovalRecord {
  id: string;
  kind: ApprovalItem['kind'];
  status: ApprovalItem['status'];
  amount_cents: string;
  user_id: string;
  user_name: string;
  requested_by: string;
  requested_by_name: string;
  requested_at: string;
  note: string | null;
  deposit_request_id: string | null;
  withdrawal_id: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  reason: string | null;
}

const APPROVALS_SELECT = `
  select a.id::text as id, a.kind, a.status, a.amount_cents::text as amount_cents, a.user_id::text as user_id,
         u.name as user_name, a.requested_by::text as requested_by, m.name as requested_by_name,
         ${isoUtcSql('a.requested_at')} as requested_at, a.note, a.deposit_request_id::text as deposit_request_id,
         a.withdrawal_id::text as withdrawal_id, a.decided_by::text as decided_by, c.name as decided_by_name,
         ${isoUtcSql('a.decided_at')} as decided_at, a.reason
    from approvals a
    join users u on u.id = a.user_id
    join users m on m.id = a.requested_by
    left join users c on c.id = a.decided_by`;

const idOrNull = (text: string | null): number | null => (text === null ? null : Number(text));

function approvalItemOf(row: ApprovalRecord): ApprovalItem {
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    amount: Money.toJsonNumber(row.amount_cents),
    userId: Number(row.user_id),
    userName: row.user_name,
    requestedBy: Number(row.requested_by),
    requestedByName: row.requested_by_name,
    requestedAt: row.requested_at,
    note: row.note,
    depositRequestId: idOrNull(row.deposit_request_id),
    withdrawalId: idOrNull(row.withdrawal_id),
    decidedBy: idOrNull(row.decided_by),
    decidedByName: row.decided_by_name,
    decidedAt: row.decided_at,
    reason: row.reason,
  };
}

async function approvalById(sql: Sql, approvalId: number): Promise<ApprovalItem> {
  const [row] = await sql.query<ApprovalRecord>(`${APPROVALS_SELECT} where a.id = $1`, [approvalId]);
  if (!row) throw new DomainError('APPROVAL.NOT_FOUND', 'not_found', 'Approval not found');
  return approvalItemOf(row);
}
