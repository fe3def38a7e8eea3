import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApprovalPendingResult, ConfirmDepositRequestResult, DepositRequestResult } from '@savings/contracts';
import { decide, Money } from '@savings/domain';
import { AccountLedger, adminIdOf } from './account-ledger';
import { depositOf, depositRequestResult } from './command-results';
import {
  CancelDepositRequestCommand,
  ConfirmDepositRequestCommand,
  EditDepositRequestCommand,
  RequestDepositCommand,
} from './money.commands';

/** A customer files a deposit request; admins are notified in the same transaction. */
@CommandHandler(RequestDepositCommand)
export class RequestDepositHandler implements ICommandHandler<RequestDepositCommand, DepositRequestResult> {
  constructor(private readonly ledger: AccountLedger) {}

  async execute(command: RequestDepositCommand): Promise<DepositRequestResult> {
    const amountCents = Money.parse(command.amount);
    const depositRequestId = await this.ledger.nextId('deposit_request_id_seq');
    return this.ledger.execute({
      name: 'RequestDeposit',
      context: command.context,
      fingerprint: { userId: command.userId, amount: command.amount },
      target: { userId: command.userId },
      decide: ({ state }) => decide({ type: 'RequestDeposit', data: { depositRequestId, amountCents } }, state),
      respond: (outcome) => depositRequestResult(outcome, depositRequestId),
    });
  }
}

@CommandHandler(EditDepositRequestCommand)
export class EditDepositRequestHandler implements ICommandHandler<EditDepositRequestCommand, DepositRequestResult> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: EditDepositRequestCommand): Promise<DepositRequestResult> {
    const { depositRequestId } = command;
    const amountCents = Money.parse(command.amount);
    return this.ledger.execute({
      name: 'EditDepositRequest',
      context: command.context,
      fingerprint: { depositRequestId, amount: command.amount },
      target: { depositRequestId },
      decide: ({ state }) => decide({ type: 'EditDepositRequest', data: { depositRequestId, amountCents } }, state),
      respond: (outcome) => depositRequestResult(outcome, depositRequestId),
    });
  }
}

@CommandHandler(CancelDepositRequestCommand)
export class CancelDepositRequestHandler implements ICommandHandler<CancelDepositRequestCommand, DepositRequestResult> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: CancelDepositRequestCommand): Promise<DepositRequestResult> {
    const { depositRequestId } = command;
    return this.ledger.execute({
      name: 'CancelDepositRequest',
      context: command.context,
      fingerprint: { depositRequestId },
      target: { depositRequestId },
      decide: ({ state }) => decide({ type: 'CancelDepositRequest', data: { depositRequestId } }, state),
      respond: (outcome) => depositRequestResult(outcome, depositRequestId),
    });
  }
}

@CommandHandler(ConfirmDepositRequestCommand)
export class ConfirmDepositRequestHandler implements ICommandHandler<
  ConfirmDepositRequestCommand,
  ConfirmDepositRequestResult | ApprovalPendingResult
> {
  constructor(private readonly ledger: AccountLedger) {}

  execute(command: ConfirmDepositRequestCommand): Promise<ConfirmDepositRequestResult | ApprovalPendingResult> {
    const { depositRequestId, note } = command;
    return this.ledger.executeMove({
      name: 'ConfirmDepositRequest',
      context: command.context,
      fingerprint: { depositRequestId, note },
      target: { depositRequestId },
      move: ({ holder, state }) => ({
        kind: 'deposit_request',
        userId: holder.id,
        // not pending: no amount, and the account refuses it (409)
        amountCents: state.depositRequests.get(depositRequestId)?.amountCents ?? 0n,
        depositRequestId,
        withdrawalId: null,
        note,
      }),
      decide: ({ holder, state }) =>
        decide(
          {
            type: 'ConfirmDepositRequest',
            data: { depositRequestId, note, adminId: adminIdOf(command.context), referenceCode: holder.referenceCode },
          },
          state,
        ),
      respond: (outcome) => ({ ...depositRequestResult(outcome, depositRequestId), deposit: depositOf(outcome) }),
    });
  }
}
