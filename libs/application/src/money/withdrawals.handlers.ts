import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@savings/config';
import type { ApprovalPendingResult, WithdrawalResult } from '@savings/contracts';
import { decide, Money } from '@savings/domain';
import { APP_CONFIG, CLOCK, systemClock, type Clock } from '../platform/tokens';
import { AccountLedger, adminIdOf, hasBankingDetails } from './account-ledger';
import { approveWithdrawalCommand } from './withdrawal-approval';
import { withdrawalResult } from './command-results';
import {
  ApproveWithdrawalCommand,
  CancelWithdrawalCommand,
  EditWithdrawalCommand,
  PayOutWithdrawalCommand,
  RequestWithdrawalCommand,
  ReturnWithdrawalForReapprovalCommand,
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

/**
 * Approval debits the balance (and releases the hold); needs beneficiary and IBAN; twice is 409.
 * Banking details changed within BANKING_COOLDOWN_HOURS hold it back (409 until the cooling-off ends).
 * The approval records the keyed fingerprint of the details: the payout pays only to them.
 */
@CommandHandler(ApproveWithdrawalCommand)
export class ApproveWithdrawalHandler implements ICommandHandler<
  ApproveWithdrawalCommand,
  WithdrawalResult | ApprovalPendingResult
> {
  constructor(
    private readonly ledger: AccountLedger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

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
          approveWithdrawalCommand(withdrawalId, adminIdOf(command.context), holder, {
            cooldownHours: this.config.bankingCooldownHours,
            bankingFingerprintKey: this.config.bankingFingerprintKey,
            now: this.clock.now(),
          }),
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
    const { withdrawalId, payoutDate, bankingFingerprint } = command;
    return this.ledger.execute({
      name: 'PayOutWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId, payoutDate, bankingFingerprint },
      target: { withdrawalId },
      decide: ({ request, state }) =>
        decide(
          {
            type: 'PayOutWithdrawal',
            data: { withdrawalId, payoutDate, bankingFingerprint, alreadyCompleted: request?.status === 'completed' },
          },
          state,
        ),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}

/**
 * An approved, unpaid withdrawal whose banking details are no longer the approved ones goes back to
 * `pending`, funds held (api-contract.md section 15): the customer is mailed, admins are notified and
 * mailed (the group commit writes both with the event), and a new approval meets the cooling-off.
 */
@CommandHandler(ReturnWithdrawalForReapprovalCommand)
export class ReturnWithdrawalForReapprovalHandler implements ICommandHandler<
  ReturnWithdrawalForReapprovalCommand,
  WithdrawalResult
> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: ReturnWithdrawalForReapprovalCommand): Promise<WithdrawalResult> {
    const { withdrawalId, reason, bankingFingerprint } = command;
    return this.ledger.execute({
      name: 'ReturnWithdrawalForReapproval',
      context: command.context,
      fingerprint: { withdrawalId, reason, bankingFingerprint },
      target: { withdrawalId },
      decide: ({ state }) =>
        decide({ type: 'ReturnWithdrawalForReapproval', data: { withdrawalId, reason, bankingFingerprint } }, state),
      respond: (outcome) => withdrawalResult(outcome, withdrawalId),
    });
  }
}
