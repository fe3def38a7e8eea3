import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { formatUsd } from '@savings/contracts';
import { Money } from '@savings/domain';
import { AccountCommandRunner, adminIdOf, balancesOf, type Outcome } from './account-command-runner';
import {
  ApproveWithdrawalCommand,
  CancelWithdrawalCommand,
  EditWithdrawalCommand,
  PayOutWithdrawalCommand,
  RequestWithdrawalCommand,
} from './money.commands';
import { withdrawalAfter } from './money.items';
import type { WithdrawalResult } from './money.results';

const present = (value: string | null) => value !== null && value.trim() !== '';

const resultFor =
  (id: (outcome: Outcome) => number) =>
  (outcome: Outcome): WithdrawalResult => ({
    withdrawal: withdrawalAfter(outcome, id(outcome)),
    account: balancesOf(outcome.loaded.user.id, outcome.after),
  });

/** A customer asks to withdraw: the amount is held (available = balance - pending withdrawals). */
@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: RequestWithdrawalCommand): Promise<WithdrawalResult> {
    const amountCents = Money.parse(command.amount);
    return this.runner.run({
      name: 'RequestWithdrawal',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount },
      target: { kind: 'user', userId: command.userId },
      allocateId: 'withdrawal_id_seq',
      command: (loaded, id) => ({
        type: 'RequestWithdrawal',
        data: {
          withdrawalId: id as number,
          amountCents,
          bankingDetailsSaved: present(loaded.user.beneficiaryName) && present(loaded.user.iban),
        },
      }),
      notifications: (loaded, id) => [
        {
          type: 'withdrawal_request',
          message: `${loaded.user.name} requested a withdrawal of ${formatUsd(Money.toJsonNumber(amountCents))}`,
          userId: String(loaded.user.id),
          relatedId: String(id),
        },
      ],
      result: resultFor((outcome) => outcome.allocatedId as number),
    });
  }
}

@CommandHandler(EditWithdrawalCommand)
export class EditWithdrawalHandler implements ICommandHandler<EditWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: EditWithdrawalCommand): Promise<WithdrawalResult> {
    const amountCents = Money.parse(command.amount);
    return this.runner.run({
      name: 'EditWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId: command.withdrawalId, amount: command.amount },
      target: { kind: 'withdrawal', id: command.withdrawalId },
      command: () => ({ type: 'EditWithdrawal', data: { withdrawalId: command.withdrawalId, amountCents } }),
      result: resultFor(() => command.withdrawalId),
    });
  }
}

/** Admin delete of a pending withdrawal: releases the hold; the row stays as `cancelled`. */
@CommandHandler(CancelWithdrawalCommand)
export class CancelWithdrawalHandler implements ICommandHandler<CancelWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: CancelWithdrawalCommand): Promise<WithdrawalResult> {
    return this.runner.run({
      name: 'CancelWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId: command.withdrawalId },
      target: { kind: 'withdrawal', id: command.withdrawalId },
      command: () => ({ type: 'CancelWithdrawal', data: { withdrawalId: command.withdrawalId } }),
      result: resultFor(() => command.withdrawalId),
    });
  }
}

/** Approval debits the balance (and releases the hold); needs beneficiary and IBAN; twice is 409. */
@CommandHandler(ApproveWithdrawalCommand)
export class ApproveWithdrawalHandler implements ICommandHandler<ApproveWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: ApproveWithdrawalCommand): Promise<WithdrawalResult> {
    return this.runner.run({
      name: 'ApproveWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId: command.withdrawalId },
      target: { kind: 'withdrawal', id: command.withdrawalId },
      command: (loaded) => ({
        type: 'ApproveWithdrawal',
        data: {
          withdrawalId: command.withdrawalId,
          adminId: adminIdOf(command.context),
          bankingDetailsComplete: present(loaded.user.beneficiaryName) && present(loaded.user.iban),
        },
      }),
      result: resultFor(() => command.withdrawalId),
    });
  }
}

/**
 * Monthly payout of one approved withdrawal (payable -> cash, status `completed`). Paying out one that
 * is already completed answers its current state and moves nothing, so a rerun of the job is harmless.
 */
@CommandHandler(PayOutWithdrawalCommand)
export class PayOutWithdrawalHandler implements ICommandHandler<PayOutWithdrawalCommand, WithdrawalResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: PayOutWithdrawalCommand): Promise<WithdrawalResult> {
    return this.runner.run({
      name: 'PayOutWithdrawal',
      context: command.context,
      fingerprint: { withdrawalId: command.withdrawalId, payoutDate: command.payoutDate },
      target: { kind: 'withdrawal', id: command.withdrawalId },
      command: (loaded) => ({
        type: 'PayOutWithdrawal',
        data: {
          withdrawalId: command.withdrawalId,
          payoutDate: command.payoutDate,
          alreadyCompleted: loaded.request?.status === 'completed',
        },
      }),
      result: resultFor(() => command.withdrawalId),
    });
  }
}
