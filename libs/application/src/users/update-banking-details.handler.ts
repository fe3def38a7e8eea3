import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  forbiddenCharactersMessage,
  hasForbiddenCharacters,
  isValidBic,
  isValidIban,
  Messages,
  normalizeBankCode,
} from '@savings/contracts';
import { type Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { SQL } from '../platform/tokens';
import { UpdateBankingDetailsCommand } from './user.commands';

@CommandHandler(UpdateBankingDetailsCommand)
export class UpdateBankingDetailsHandler implements ICommandHandler<UpdateBankingDetailsCommand, void> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

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
    await this.sql.query(
      `update users set beneficiary_name = $2, iban = $3, swift = $4, updated_at = now() where id = $1`,
      [command.userId, beneficiaryName, iban, swift],
    );
  }
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('USER.BANKING_INVALID', 'invalid', message, { [field]: message });
}
