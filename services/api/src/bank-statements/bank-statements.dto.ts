import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min, MaxLength } from 'class-validator';
import {
  BANK_STATEMENT_ENTRY_STATUSES,
  MAX_ID,
  type BankStatementEntryStatus,
  type CreditStatementEntryRequest,
  type IgnoreStatementEntryRequest,
} from '@savings/contracts';
import { PlainText } from '../http/plain-text.validator';

export const STATEMENT_PAGE_SIZE = 200;

export class StatementEntriesQueryDto {
  @ApiPropertyOptional({ enum: BANK_STATEMENT_ENTRY_STATUSES, description: 'Only entries of this status' })
  @IsOptional()
  @IsIn(BANK_STATEMENT_ENTRY_STATUSES)
  status?: BankStatementEntryStatus;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: STATEMENT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  @Max(1_000_000)
  offset?: number;
}

export class CreditStatementEntryDto implements CreditStatementEntryRequest {
  @ApiPropertyOptional({
    description: 'Credit this customer (manual assignment); a direct deposit unless depositRequestId is given',
  })
  @IsOptional()
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1, { message: 'userId must be a whole number' })
  @Max(MAX_ID, { message: 'userId must be a whole number' })
  userId?: number;

  @ApiPropertyOptional({ description: 'Confirm this pending deposit request (of the line amount)' })
  @IsOptional()
  @IsInt({ message: 'depositRequestId must be a whole number' })
  @Min(1, { message: 'depositRequestId must be a whole number' })
  @Max(MAX_ID, { message: 'depositRequestId must be a whole number' })
  depositRequestId?: number;
}

export class IgnoreStatementEntryDto implements IgnoreStatementEntryRequest {
  @ApiProperty({ maxLength: 500, example: 'Bank fee refund, not a deposit' })
  @IsString({ message: 'A reason is required' })
  @IsNotEmpty({ message: 'A reason is required' })
  @MaxLength(500)
  @PlainText('Reason')
  reason!: string;
}
