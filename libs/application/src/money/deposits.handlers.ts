import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Money } from '@savings/domain';
import { AccountCommandRunner, adminIdOf, balancesOf } from './account-command-runner';
import { AdjustBalanceCommand, ConfirmDepositCommand } from './money.commands';
import { depositOf } from './money.items';
import type { AdjustBalanceResult, DepositResult } from './money.results';

/** Direct admin deposit: credits the balance and records a deposit with the user's reference code. */
@CommandHandler(ConfirmDepositCommand)
export class ConfirmDepositHandler implements ICommandHandler<ConfirmDepositCommand, DepositResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: ConfirmDepositCommand): Promise<DepositResult> {
    const amountCents = Money.parse(command.amount);
    return this.runner.run({
      name: 'ConfirmDeposit',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount, note: command.note },
      target: { kind: 'user', userId: command.userId },
      command: (loaded) => ({
        type: 'ConfirmDeposit',
        data: {
          amountCents,
          note: command.note,
          adminId: adminIdOf(command.context),
          referenceCode: loaded.user.referenceCode,
        },
      }),
      result: (outcome) => ({
        deposit: depositOf(outcome),
        account: balancesOf(outcome.loaded.user.id, outcome.after),
      }),
    });
  }
}

/** Admin add or subtract; a subtraction may not exceed the available balance. */
@CommandHandler(AdjustBalanceCommand)
export class AdjustBalanceHandler implements ICommandHandler<AdjustBalanceCommand, AdjustBalanceResult> {
  constructor(private readonly runner: AccountCommandRunner) {}

  execute(command: AdjustBalanceCommand): Promise<AdjustBalanceResult> {
    const amountCents = Money.parse(command.amount);
    return this.runner.run({
      name: 'AdjustBalance',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount, operation: command.operation, note: command.note },
      target: { kind: 'user', userId: command.userId },
      command: () => ({
        type: 'AdjustBalance',
        data: { operation: command.operation, amountCents, adminId: adminIdOf(command.context), note: command.note },
      }),
      result: (outcome) => {
        const [event] = outcome.events;
        if (event.event.type !== 'BalanceAdjusted') throw new Error('AdjustBalance appended no BalanceAdjusted');
        const data = event.event.data;
        return {
          transaction: {
            id: Number(event.seq),
            userId: outcome.loaded.user.id,
            adminId: data.adminId,
            type: data.operation,
            amount: Money.toJsonNumber(BigInt(data.amountCents)),
            balanceBefore: Money.toJsonNumber(BigInt(data.balanceBeforeCents)),
            balanceAfter: Money.toJsonNumber(BigInt(data.balanceAfterCents)),
            note: data.note,
            createdAt: event.occurredAt.toISOString(),
          },
          account: balancesOf(outcome.loaded.user.id, outcome.after),
        };
      },
    });
  }
}
