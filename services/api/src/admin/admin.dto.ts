import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ADMIN_LIST_PAGE_SIZE,
  ADMIN_USER_SORTS,
  HOLDER_TYPES,
  HolderMessages,
  type HolderType,
  type AdminTransactionFilter,
  type DepositRequestFilter,
  type WithdrawalFilter,
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
  type EditAmountRequest,
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

  @ApiPropertyOptional({
    description: 'Case-insensitive part of name, e-mail, reference code, legal name or registration number',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ enum: HOLDER_TYPES, description: 'Only persons, companies or foundations' })
  @IsOptional()
  @IsIn(HOLDER_TYPES, { message: HolderMessages.holderType })
  holderType?: HolderType;
}

/**
 * The paged back-office lists: at most ADMIN_LIST_PAGE_SIZE (50) newest first, for one customer (by id
 * or by part of the name, e-mail or reference code). Nobody loads thousands of rows at once.
 */
export class AdminListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: ADMIN_LIST_PAGE_SIZE, default: ADMIN_LIST_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(ADMIN_LIST_PAGE_SIZE, { message: `limit must be at most ${ADMIN_LIST_PAGE_SIZE}` })
  limit: number = ADMIN_LIST_PAGE_SIZE;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  offset?: number;

  @ApiPropertyOptional({ description: 'Only this customer' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1)
  @Max(MAX_ID)
  userId?: number;

  @ApiPropertyOptional({
    description: "Case-insensitive part of the customer's name, e-mail or reference code",
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  q?: string;
}

const TRANSACTION_FILTERS = ['adjustment', 'deposit', 'withdrawal', 'all'] as const;
export class ListTransactionsQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: TRANSACTION_FILTERS, default: 'all' })
  @IsOptional()
  @IsIn(TRANSACTION_FILTERS)
  kind?: AdminTransactionFilter;
}

const WITHDRAWAL_FILTERS = ['pending', 'processed', 'completed', 'cancelled', 'all'] as const;
export class ListWithdrawalsQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: WITHDRAWAL_FILTERS, default: 'pending' })
  @IsOptional()
  @IsIn(WITHDRAWAL_FILTERS)
  status?: WithdrawalFilter;
}

const DEPOSIT_REQUEST_FILTERS = ['pending', 'confirmed', 'cancelled', 'all'] as const;
export class ListDepositRequestsQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: DEPOSIT_REQUEST_FILTERS, default: 'pending' })
  @IsOptional()
  @IsIn(DEPOSIT_REQUEST_FILTERS)
  status?: DepositRequestFilter;
}

export class ListNotificationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only unread ones', default: false })
  @IsOptional()
  @IsIn(['true', 'false'])
  unreadOnly?: 'true' | 'false';
}
