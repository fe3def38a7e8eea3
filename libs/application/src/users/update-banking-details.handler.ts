import { Inject, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@savings/config';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  forbiddenCharactersMessage,
  hasForbiddenCharacters,
  holderDisplayName,
  isValidBic,
  isValidIban,
  Messages,
  normalizeBankCode,
} from '@savings/contracts';
import { type Sql } from '@savings/database';
import { bankingCoolingOffEnd, DomainError } from '@savings/domain';
import { bankingFingerprint } from '@savings/ledger';
import { maskIban } from '../mail/mail-templates';
import { MailOutbox } from '../mail/mail-outbox';
import { ReturnWithdrawalForReapprovalCommand } from '../money/money.commands';
import { APP_CONFIG, CLOCK, SQL, systemClock, type Clock } from '../platform/tokens';
import { UpdateBankingDetailsCommand } from './user.commands';

/**
 * Saves a customer's banking details. A change (not the first save) starts the cooling-off of section
 * 14 and is mailed; then every approved, unpaid withdrawal of the account that was approved for other
 * details goes back to `pending` for a new approval (section 15; the account decides, through the
 * ledger). Were that step cut short by a crash, the payout would still refuse to pay them: it pays
 * only to the details an approval recorded.
 */
@CommandHandler(UpdateBankingDetailsCommand)
export class UpdateBankingDetailsHandler implements ICommandHandler<UpdateBankingDetailsCommand, void> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutbox,
    private readonly commands: CommandBus,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute(command: UpdateBankingDetailsCommand): Promise<void> {
    const beneficiaryName = command.beneficiaryName.normalize('NFKC').trim();
    const iban = normalizeBankCode(command.iban);
    const swift = normalizeBankCode(command.swift);
    if (!beneficiaryName) throw invalid('beneficiaryName', Messages.beneficiaryRequired);
    // a CR/LF would add a row to a payout file for line-based bank importers
    if (hasForbiddenCharacters(command.beneficiaryName)) {
      throw invalid('beneficiaryName', forbiddenCharactersMessage('Beneficiary name'));
    }
    if (!iban) throw invalid('iban', Messages.ibanRequired);
    if (!swift) throw invalid('swift', Messages.swiftRequired);
    if (!isValidIban(iban)) throw invalid('iban', Messages.ibanInvalid);
    if (!isValidBic(swift)) throw invalid('swift', Messages.swiftInvalid);
    const now = this.clock.now();
    const changed = await this.sql.transaction(async (tx) => {
      const [before] = await tx.query<{
        beneficiary_name: string | null;
        iban: string | null;
        swift: string | null;
        name: string;
        legal_name: string | null;
        email: string;
        language: string;
      }>(
        'select beneficiary_name, iban, swift, name, legal_name, email, language from users where id = $1 for update',
        [command.userId],
      );
      if (!before) throw new DomainError('USER.NOT_FOUND', 'not_found', 'User not found');
      const unchanged = before.beneficiary_name === beneficiaryName && before.iban === iban && before.swift === swift;
      if (unchanged) return false;
      // the first save is no change of where money goes: no cooling-off (api-contract.md section 14)
      const firstSave = before.iban === null && before.beneficiary_name === null;
      await tx.query(
        `update users set beneficiary_name = $2, iban = $3, swift = $4, updated_at = now(),
                banking_details_changed_at = case when $5::boolean then banking_details_changed_at else $6::timestamptz end
          where id = $1`,
        [command.userId, beneficiaryName, iban, swift, firstSave, now.toISOString()],
      );
      // the customer's export lists every save (api-contract.md section 18)
      await tx.query(
        `insert into banking_details_history (user_id, beneficiary_name, iban, swift, saved_at)
         values ($1, $2, $3, $4, $5::timestamptz)`,
        [command.userId, beneficiaryName, iban, swift, now.toISOString()],
      );
      const heldUntil = firstSave ? null : bankingCoolingOffEnd(now, this.config.bankingCooldownHours);
      await this.outbox.write(tx, [
        {
          // each save that changes the details is its own cause
          cause: `banking-details:${command.userId}:${randomUUID()}`,
          userId: command.userId,
          recipient: before.email,
          name: holderDisplayName({ name: before.name, legalName: before.legal_name }),
          language: before.language,
          message: {
            template: 'banking-details-changed',
            params: { iban: maskIban(iban), heldUntil: heldUntil?.toISOString() ?? null },
          },
        },
      ]);
      return true;
    });
    if (changed) await this.returnApprovedWithdrawals(command, { beneficiaryName, iban, bic: swift });
  }

  private async returnApprovedWithdrawals(
    command: UpdateBankingDetailsCommand,
    details: { beneficiaryName: string; iban: string; bic: string },
  ): Promise<void> {
    const approved = await this.sql.query<{ id: string }>(
      "select id::text as id from withdrawals where user_id = $1 and status = 'processed' order by id",
      [command.userId],
    );
    const fingerprint = bankingFingerprint(this.config.bankingFingerprintKey, details);
    const context = {
      actor: { kind: 'user' as const, id: command.userId },
      correlationId: command.correlationId ?? `banking-details-${command.userId}-${randomUUID()}`,
    };
    for (const { id } of approved) {
      await this.commands.execute(
        new ReturnWithdrawalForReapprovalCommand(Number(id), 'banking-details-changed', fingerprint, context),
      );
    }
  }
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('USER.BANKING_INVALID', 'invalid', message, { [field]: message });
}
