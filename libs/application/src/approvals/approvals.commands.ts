import { Query } from '@nestjs/cqrs';
import type { ApprovalItem, ApprovalStatus, ApprovalsResponse } from '@savings/contracts';
import type { CommandContext } from '../money/money.commands';

/** A second admin approves: the move happens in the same transaction (api-contract.md section 9). */
export class GrantApprovalCommand {
  constructor(
    readonly approvalId: number,
    readonly context: CommandContext,
  ) {}
}

/** An admin rejects a pending approval with a reason: nothing moves. */
export class RejectApprovalCommand {
  constructor(
    readonly approvalId: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {}
}

/** Approvals by status (all when none), newest first. */
export class ListApprovalsQuery extends Query<ApprovalsResponse> {
  constructor(readonly status: ApprovalStatus | null) {
    super();
  }
}

export class GetApprovalQuery extends Query<ApprovalItem> {
  constructor(readonly approvalId: number) {
    super();
  }
}
