import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HOLDER_TYPES } from '@savings/contracts';
import type {
  HolderType,
  AdminDepositRequestItem,
  AdminNotificationItem,
  AdminTransactionItem,
  AdminUserItem,
  AdminWithdrawalItem,
  DepositRequestStatus,
  NotificationType,
  PlatformDailyPoint,
  Role,
  WithdrawalStatus,
} from '@savings/contracts';
import { WithdrawalReturnDto } from '../investor/investor-response.dto';

// OpenAPI shapes of the back-office responses; the TypeScript types come from @savings/contracts.

export class AdminUserDto implements AdminUserItem {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() referenceCode!: string;
  @ApiProperty({ description: 'USD, at most 2 decimals' }) balance!: number;
  @ApiProperty({ description: 'balance minus pending withdrawals' }) availableBalance!: number;
  @ApiProperty({ description: 'balance * 7% / 12, rounded to the cent by the database' }) monthlyInterest!: number;
  @ApiProperty({ type: String, nullable: true }) beneficiaryName!: string | null;
  @ApiProperty({ type: String, nullable: true }) iban!: string | null;
  @ApiProperty({ type: String, nullable: true }) swift!: string | null;
  @ApiProperty({ enum: ['customer', 'admin', 'auditor'] }) role!: Role;
  @ApiProperty({ enum: HOLDER_TYPES }) holderType!: HolderType;
  @ApiProperty({ type: String, nullable: true, description: 'a business only' }) legalName!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'a business only' }) registrationNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'a business only: ISO 3166-1 alpha-2' })
  country!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class AdminUsersResponseDto {
  @ApiProperty({ type: AdminUserDto, isArray: true }) users!: AdminUserDto[];
  @ApiProperty({ description: 'Every user, whatever q, limit and offset' }) totalUsers!: number;
  @ApiProperty({ description: 'Sum of every balance' }) totalBalance!: number;
  @ApiProperty({ description: 'Sum of every user’s rounded monthly interest' }) totalMonthlyInterest!: number;
  @ApiProperty({ description: 'Users matching q (for paging)' }) matchingUsers!: number;
}

export class AdminTransactionDto implements AdminTransactionItem {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty() userName!: string;
  @ApiProperty({ type: Number, nullable: true }) adminId!: number | null;
  @ApiProperty({ type: String, nullable: true }) adminName!: string | null;
  @ApiProperty({ enum: ['adjustment', 'deposit', 'withdrawal'] }) kind!: AdminTransactionItem['kind'];
  @ApiProperty({ enum: ['add', 'subtract'] }) type!: AdminTransactionItem['type'];
  @ApiProperty() amount!: number;
  @ApiProperty() balanceBefore!: number;
  @ApiProperty() balanceAfter!: number;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class AdminTransactionsResponseDto {
  @ApiProperty({ type: AdminTransactionDto, isArray: true }) transactions!: AdminTransactionDto[];
  @ApiProperty({ description: 'Transactions matching the filters (what the list pages through)' }) total!: number;
}

export class AdminWithdrawalDto implements AdminWithdrawalItem {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ enum: ['pending', 'processed', 'completed', 'cancelled'] }) status!: WithdrawalStatus;
  @ApiProperty() amount!: number;
  @ApiProperty() userName!: string;
  @ApiProperty() userEmail!: string;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) processedAt!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time' }) completedAt?: string | null;
  @ApiProperty({ type: String, nullable: true }) userBeneficiary!: string | null;
  @ApiProperty({ type: String, nullable: true }) userIban!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) userSwift?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time' }) approvableAfter?: string | null;
  @ApiPropertyOptional({
    type: WithdrawalReturnDto,
    nullable: true,
    description: 'Set while pending again after an approval, because the banking details changed',
  })
  returnedForReapproval?: WithdrawalReturnDto | null;
}

export class AdminWithdrawalsResponseDto {
  @ApiProperty({ type: AdminWithdrawalDto, isArray: true }) withdrawals!: AdminWithdrawalDto[];
  @ApiProperty({ description: 'Withdrawals matching the filters' }) total!: number;
}

export class AdminDepositRequestDto implements AdminDepositRequestItem {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ enum: ['pending', 'confirmed', 'cancelled'] }) status!: DepositRequestStatus;
  @ApiProperty() amount!: number;
  @ApiProperty() userName!: string;
  @ApiProperty() userEmail!: string;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time' }) processedAt?: string | null;
  @ApiPropertyOptional() userReferenceCode?: string;
}

export class AdminDepositRequestsResponseDto {
  @ApiProperty({ type: AdminDepositRequestDto, isArray: true }) depositRequests!: AdminDepositRequestDto[];
  @ApiProperty({ description: 'Deposit requests matching the filters' }) total!: number;
}

export class PlatformDailyPointDto implements PlatformDailyPoint {
  @ApiProperty({ format: 'date', description: 'A day of APP_TIMEZONE' }) date!: string;
  @ApiProperty({ description: 'Every customer balance at the end of the day' }) totalBalance!: number;
  @ApiProperty({ description: 'Deposits confirmed that day' }) deposits!: number;
  @ApiProperty({ description: 'Withdrawals approved that day' }) withdrawals!: number;
  @ApiProperty({ description: 'Interest credited for the day' }) interest!: number;
}

export class PlatformDailyResponseDto {
  @ApiProperty({ type: PlatformDailyPointDto, isArray: true, description: 'Oldest first' })
  days!: PlatformDailyPointDto[];
}

export class AdminNotificationDto implements AdminNotificationItem {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['deposit_request', 'withdrawal_request', 'approval_request', 'withdrawal_returned'] })
  type!: NotificationType;
  @ApiProperty() message!: string;
  @ApiProperty() userId!: number;
  @ApiProperty({ description: 'The deposit request or withdrawal id' }) relatedId!: number;
  @ApiProperty() isRead!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class AdminNotificationsResponseDto {
  @ApiProperty({ type: AdminNotificationDto, isArray: true }) notifications!: AdminNotificationDto[];
  @ApiProperty({ description: 'Unread notifications in total' }) unread!: number;
}
