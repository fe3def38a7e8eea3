import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { formatUsd } from '@savings/contracts';
import { Money } from '@savings/domain';
import { AccountCommandRunner, adminIdOf, balancesOf } from './account-command-runner';
import {
  CancelDepositRequestCommand,
  ConfirmDepositRequestCommand,
  EditDepositRequestCommand,
  RequestDepositCommand,
} from './money.commands';
import { depositOf, depositRequestAfter } from './money.items';
import type { ConfirmDepositRequestResult, DepositRequestResult } from './money.results';

/** A customer files a deposit request; admins are notified in the same transaction. */
@CommandHandler(RequestDepositCommand)
export class RequestDepositHandler implements ICommandHandler<RequestDepositCommand, DepositRequestResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: RequestDepositCommand): Promise<DepositRequestResult> {
    const amountCents = Money.parse(command.amount);
    return this.runner.run({
      name: 'RequestDeposit',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount },
      target: { kind: 'user', userId: command.userId },
      allocateId: 'deposit_request_id_seq',
      command: (_loaded, id) => ({ type: 'RequestDeposit', data: { depositRequestId: id as number, amountCents } }),
      notifications: (loaded, id) => [
        {
          type: 'deposit_request',
          message: `${loaded.user.name} requested a deposit of ${formatUsd(Money.toJsonNumber(amountCents))}`,
          userId: String(loaded.user.id),
          relatedId: String(id),
        },
      ],
      result: (outcome) => ({
        depositRequest: depositRequestAfter(outcome, outcome.allocatedId as number),
        account: balancesOf(outcome.loaded.user.id, outcome.after),
      }),
    });
  }
}

@CommandHandler(EditDepositRequestCommand)
export class EditDepositRequestHandler implements ICommandHandler<EditDepositRequestCommand, DepositRequestResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: EditDepositRequestCommand): Promise<DepositRequestResult> {
    const amountCents = Money.parse(command.amount);
    return this.runner.run({
      name: 'EditDepositRequest',
      context: command.context,
      fingerprint: { depositRequestId: command.depositRequestId, amount: command.amount },
      target: { kind: 'depositRequest', id: command.depositRequestId },
      command: () => ({
        type: 'EditDepositRequest',
        data: { depositRequestId: command.depositRequestId, amountCents },
      }),
      result: (outcome) => ({
        depositRequest: depositRequestAfter(outcome, command.depositRequestId),
        account: balancesOf(outcome.loaded.user.id, outcome.after),
      }),
    });
  }
}

@CommandHandler(CancelDepositRequestCommand)
export class CancelDepositRequestHandler implements ICommandHandler<CancelDepositRequestCommand, DepositRequestResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: CancelDepositRequestCommand): Promise<DepositRequestResult> {
    return this.runner.run({
      name: 'CancelDepositRequest',
      context: command.context,
      fingerprint: { depositRequestId: command.depositRequestId },
      target: { kind: 'depositRequest', id: command.depositRequestId },
      command: () => ({ type: 'CancelDepositRequest', data: { depositRequestId: command.depositRequestId } }),
      result: (outcome) => ({
        depositRequest: depositRequestAfter(outcome, command.depositRequestId),
        account: balancesOf(outcome.loaded.user.id, outcome.after),
      }),
    });
  }
}

@CommandHandler(ConfirmDepositRequestCommand)
export class ConfirmDepositRequestHandler implements ICommandHandler<
  ConfirmDepositRequestCommand,
  ConfirmDepositRequestResult
> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: ConfirmDepositRequestCommand): Promise<ConfirmDepositRequestResult> {
    return this.runner.run({
      name: 'ConfirmDepositRequest',
      context: command.context,
      fingerprint: { depositRequestId: command.depositRequestId, note: command.note },
      target: { kind: 'depositRequest', id: command.depositRequestId },
      command: (loaded) => ({
        type: 'ConfirmDepositRequest',
        data: {
          depositRequestId: command.depositRequestId,
          note: command.note,
          adminId: adminIdOf(command.context),
          referenceCode: loaded.user.referenceCode,
        },
      }),
      result: (outcome) => ({
        depositRequest: depositRequestAfter(outcome, command.depositRequestId),
        deposit: depositOf(outcome),
        account: balancesOf(outcome.loaded.user.id, outcome.after),
      }),
    });
  }
}
