import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ADMIN_USER_SORTS,
  type AdminUserSort,
  type SortOrder,
  MAX_ID,
  MIN_DEPOSIT,
  MIN_WITHDRAWAL,
  Messages,
  type AdjustBalanceRequest,
  type BalanceOperation,
  type ConfirmDepositRequest,
  type ConfirmDepositRequestRequest,
  type DepositRequestStatus,
  type EditAmountRequest,
  type WithdrawalStatus,
} from '@savings/contracts';
import { IsMoneyAmount, MinMoneyAmount } from '../http/money-amount.validator';
import { PlainText } from '../http/plain-text.validator';

const AMOUNT_DOC: ApiPropertyOptions = {
  description: 'USD: a JSON number or decimal string, positive, at most 2 decimals, at most 1,000,000,000,000',
  oneOf: [{ type: 'number' }, { type: 'string' }],
  example: 1500.25,
};
const NOTE_MAX = 500;

// ---- bodies ----

export class AdjustBalanceDto implements AdjustBalanceRequest {
  @ApiProperty(AMOUNT_DOC)
  @IsMoneyAmount()
  amount!: number | string;

  @ApiProperty({ enum: ['add', 'subtract'], description: 'subtract more than the available balance is 400' })
  @IsIn(['add', 'subtract'], { message: 'Operation must be "add" or "subtract"' })
  operation!: BalanceOperation;

  @ApiPropertyOptional({ maxLength: NOTE_MAX, description: 'Shown in the account activity' })
  @IsOptional()
  @IsString()
  @MaxLength(NOTE_MAX)
  @PlainText('Note')
  note?: string;
}

export class ConfirmDepositDto implements ConfirmDepositRequest {
  @ApiProperty({ example: 42 })
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1, { message: 'userId must be a whole number' })
  @Max(MAX_ID, { message: 'userId must be a whole number' })
  userId!: number;

  @ApiProperty(AMOUNT_DOC)
  @IsMoneyAmount()
  amount!: number | string;

  @ApiPropertyOptional({ maxLength: NOTE_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(NOTE_MAX)
  @PlainText('Note')
  note?: string;
}

export class ConfirmDepositRequestDto implements ConfirmDepositRequestRequest {
  @ApiPropertyOptional({ maxLength: NOTE_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(NOTE_MAX)
  @PlainText('Note')
  note?: string;
}

export class EditWithdrawalDto implements EditAmountRequest {
  @ApiProperty({ ...AMOUNT_DOC, description: `At least ${MIN_WITHDRAWAL} and within the available balance` })
  @IsMoneyAmount()
  @MinMoneyAmount(MIN_WITHDRAWAL, Messages.minWithdrawal)
  amount!: number | string;
}

export class EditDepositRequestDto implements EditAmountRequest {
  @ApiProperty({ ...AMOUNT_DOC, description: `At least ${MIN_DEPOSIT}` })
  @IsMoneyAmount()
  @MinMoneyAmount(MIN_DEPOSIT, Messages.minDeposit)
  amount!: number | string;
}

// ---- query strings ----

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 10000, description: 'Page size; absent lists everything' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(10000)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  offset?: number;
}

export class ListUsersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ADMIN_USER_SORTS, default: 'id' })
  @IsOptional()
  @IsIn(ADMIN_USER_SORTS)
  sort?: AdminUserSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: SortOrder;

  @ApiPropertyOptional({ description: 'Case-insensitive part of name, e-mail or reference code', maxLength: 100 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  q?: string;
}

export class ListTransactionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only this customer' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  userId?: number;
}

const WITHDRAWAL_FILTERS = ['pending', 'processed', 'completed', 'cancelled', 'all'] as const;
export class ListWithdrawalsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: WITHDRAWAL_FILTERS, default: 'pending' })
  @IsOptional()
  @IsIn(WITHDRAWAL_FILTERS)
  status?: WithdrawalStatus | 'all';
}

const DEPOSIT_REQUEST_FILTERS = ['pending', 'confirmed', 'cancelled', 'all'] as const;
export class ListDepositRequestsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DEPOSIT_REQUEST_FILTERS, default: 'pending' })
  @IsOptional()
  @IsIn(DEPOSIT_REQUEST_FILTERS)
  status?: DepositRequestStatus | 'all';
}

export class ListNotificationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only unread ones', default: false })
  @IsOptional()
  @IsIn(['true', 'false'])
  unreadOnly?: 'true' | 'false';
}
