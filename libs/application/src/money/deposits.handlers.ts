import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdjustBalanceResult, ApprovalPendingResult, DepositResult } from '@savings/contracts';
import { decide, Money } from '@savings/domain';
import { AccountLedger, adminIdOf } from './account-ledger';
import { adjustmentResult, balancesOf, depositOf } from './command-results';
import { AdjustBalanceCommand, ConfirmDepositCommand } from './money.commands';

/** Direct admin deposit: credits the balance and records a deposit with the user's reference code. */
@CommandHandler(ConfirmDepositCommand)
export class ConfirmDepositHandler implements ICommandHandler<
  ConfirmDepositCommand,
  DepositResult | ApprovalPendingResult
> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: ConfirmDepositCommand): Promise<DepositResult | ApprovalPendingResult> {
    const amountCents = Money.parse(command.amount);
    return this.ledger.executeMove({
      name: 'ConfirmDeposit',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount, note: command.note },
      target: { userId: command.userId },
      move: ({ holder }) => ({
        kind: 'deposit',
        userId: holder.id,
        amountCents,
        depositRequestId: null,
        withdrawalId: null,
        note: command.note,
      }),
      decide: ({ holder, state }) =>
        decide(
          {
            type: 'ConfirmDeposit',
            data: {
              amountCents,
              note: command.note,
              adminId: adminIdOf(command.context),
              referenceCode: holder.referenceCode,
            },
          },
          state,
        ),
      respond: (outcome) => ({
        deposit: depositOf(outcome),
        account: balancesOf(outcome.account.holder.id, outcome.after),
      }),
    });
  }
}

/** Admin add or subtract; a subtraction may not exceed the available balance. */
@CommandHandler(AdjustBalanceCommand)
export class AdjustBalanceHandler implements ICommandHandler<
  AdjustBalanceCommand,
  AdjustBalanceResult | ApprovalPendingResult
> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: AdjustBalanceCommand): Promise<AdjustBalanceResult | ApprovalPendingResult> {
    const amountCents = Money.parse(command.amount);
    return this.ledger.executeMove({
      name: 'AdjustBalance',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount, operation: command.operation, note: command.note },
      target: { userId: command.userId },
      move: ({ holder }) => ({
        kind: command.operation === 'add' ? 'balance_add' : 'balance_subtract',
        userId: holder.id,
        amountCents,
        depositRequestId: null,
        withdrawalId: null,
        note: command.note,
      }),
      decide: ({ state }) =>
        decide(
          {
            type: 'AdjustBalance',
            data: {
              operation: command.operation,
              amountCents,
              adminId: adminIdOf(command.context),
              note: command.note,
            },
          },
          state,
        ),
      respond: adjustmentResult,
    });
  }
}
