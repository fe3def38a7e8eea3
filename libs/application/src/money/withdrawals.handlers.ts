import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApprovalPendingResult, WithdrawalResult } from '@savings/contracts';
import { decide, Money } from '@savings/domain';
import { AccountLedger, adminIdOf, hasBankingDetails } from './account-ledger';
import { withdrawalResult } from './command-results';
import {
  ApproveWithdrawalCommand,
  CancelWithdrawalCommand,
  EditWithdrawalCommand,
  PayOutWithdrawalCommand,
  RequestWithdrawalCommand,
} from './money.commands';

/** A customer asks to withdraw: the amount is held (available = balance - pending withdrawals). */
@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly ledger: AccountLedger) {}

  async execute(command: RequestWithdrawalCommand): Promise<WithdrawalResult> {
    const amountCents = Money.parse(command.amount);
    const withdrawalId = await this.ledger.nextId('withdrawal_id_seq');
    return this.ledger.execute({
      name: 'RequestWithdrawal',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount },
      target: { userId: command.userId },
      decide: ({ holder, state }) =>
        decide(
          {
            type: 'RequestWithdrawal',
            data: { withdrawalId, amountCents, bankingDetailsSaved: hasBankingDetails(holder) },
          },
          state,
        ),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}

@CommandHandler(EditWithdrawalCommand)
export class EditWithdrawalHandler implements ICommandHandler<EditWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: EditWithdrawalCommand): Promise<WithdrawalResult> {
    const { withdrawalId } = command;
    const amountCents = Money.parse(command.amount);
    return this.ledger.execute({
      name: 'EditWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId, amount: command.amount },
      target: { withdrawalId },
      decide: ({ state }) => decide({ type: 'EditWithdrawal', data: { withdrawalId, amountCents } }, state),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}

/** Admin delete of a pending withdrawal: releases the hold; the row stays as `cancelled`. */
@CommandHandler(CancelWithdrawalCommand)
export class CancelWithdrawalHandler implements ICommandHandler<CancelWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: CancelWithdrawalCommand): Promise<WithdrawalResult> {
    const { withdrawalId } = command;
    return this.ledger.execute({
      name: 'CancelWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId },
      target: { withdrawalId },
      decide: ({ state }) => decide({ type: 'CancelWithdrawal', data: { withdrawalId } }, state),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}

/** Approval debits the balance (and releases the hold); needs beneficiary and IBAN; twice is 409. */
@CommandHandler(ApproveWithdrawalCommand)
export class ApproveWithdrawalHandler implements ICommandHandler<
  ApproveWithdrawalCommand,
  WithdrawalResult | ApprovalPendingResult
> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: ApproveWithdrawalCommand): Promise<WithdrawalResult | ApprovalPendingResult> {
    const { withdrawalId } = command;
    return this.ledger.executeMove({
      name: 'ApproveWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId },
      target: { withdrawalId },
      move: ({ holder, state }) => ({
        kind: 'withdrawal',
        userId: holder.id,
        // not pending: no amount, and the account refuses it (409)
        amountCents: state.withdrawals.get(withdrawalId)?.amountCents ?? 0n,
        depositRequestId: null,
        withdrawalId,
        note: null,
      }),
      decide: ({ holder, state }) =>
        decide(
          {
            type: 'ApproveWithdrawal',
            data: {
              withdrawalId,
              adminId: adminIdOf(command.context),
              bankingDetailsComplete: hasBankingDetails(holder),
            },
          },
          state,
        ),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}

/**
 * Monthly payout of one approved withdrawal (payable -> cash, status `completed`). Paying out one that
 * is already completed answers its current state and moves nothing, so a rerun of the job is harmless.
 */
@CommandHandler(PayOutWithdrawalCommand)
export class PayOutWithdrawalHandler implements ICommandHandler<PayOutWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: PayOutWithdrawalCommand): Promise<WithdrawalResult> {
    const { withdrawalId, payoutDate } = command;
    return this.ledger.execute({
      name: 'PayOutWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId, payoutDate },
      target: { withdrawalId },
      decide: ({ request, state }) =>
        decide(
          {
            type: 'PayOutWithdrawal',
            data: { withdrawalId, payoutDate, alreadyCompleted: request?.status === 'completed' },
          },
          state,
        ),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}
