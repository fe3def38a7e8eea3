import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  AccountActivityItem,
  AccountActivityResponse,
  AdminTransactionKind,
  AdminTransactionType,
  DashboardResponse,
  DepositRequestItem,
  DepositRequestsResponse,
  DepositRequestStatus,
  InterestPaymentItem,
  InterestPaymentsResponse,
  InterestPaymentStatus,
  WithdrawalItem,
  WithdrawalReturn,
  WithdrawalReturnReason,
  WithdrawalsResponse,
  WithdrawalStatus,
} from '@savings/contracts';

/** OpenAPI shapes of the investor responses; the TypeScript types come from @savings/contracts. */
class DashboardUserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() balance!: number;
  @ApiProperty({ description: 'balance minus pending withdrawals' }) availableBalance!: number;
  @ApiProperty() referenceCode!: string;
}

export class DashboardResponseDto implements DashboardResponse {
  @ApiProperty({ type: DashboardUserDto }) user!: DashboardUserDto;
  @ApiProperty({ description: 'balance * 0.07 / 12, rounded to cents' }) monthlyInterest!: number;
  @ApiProperty({ format: 'date-time', description: 'next 10:00 in APP_TIMEZONE' }) nextInterestAt!: string;
}

class AccountActivityItemDto implements AccountActivityItem {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['add', 'subtract'] }) type!: AdminTransactionType;
  @ApiProperty({ enum: ['adjustment', 'deposit', 'withdrawal'] }) kind!: AdminTransactionKind;
  @ApiProperty() amount!: number;
  @ApiProperty() balanceBefore!: number;
  @ApiProperty() balanceAfter!: number;
  @ApiProperty({ nullable: true, type: String }) adminName!: string | null;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class AccountActivityResponseDto implements AccountActivityResponse {
  @ApiProperty({ type: [AccountActivityItemDto] }) transactions!: AccountActivityItemDto[];
}

export class DepositRequestItemDto implements DepositRequestItem {
  @ApiProperty() id!: number;
  @ApiProperty() amount!: number;
  @ApiProperty({ enum: ['pending', 'confirmed', 'cancelled'] }) status!: DepositRequestStatus;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String }) processedAt?: string | null;
}

export class DepositRequestsResponseDto implements DepositRequestsResponse {
  @ApiProperty({ type: [DepositRequestItemDto] }) depositRequests!: DepositRequestItemDto[];
}

export class DepositRequestResponseDto {
  @ApiProperty({ type: DepositRequestItemDto }) depositRequest!: DepositRequestItemDto;
}

/** A withdrawal pending again after its approval: when and why (api-contract.md section 15). */
export class WithdrawalReturnDto implements WithdrawalReturn {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ enum: ['banking-details-changed', 'banking-details-differ-at-payout'] })
  reason!: WithdrawalReturnReason;
  @ApiProperty({ description: 'The reason in a sentence' }) message!: string;
}

export class WithdrawalItemDto implements WithdrawalItem {
  @ApiProperty() id!: number;
  @ApiProperty() amount!: number;
  @ApiProperty({ enum: ['pending', 'processed', 'completed', 'cancelled'] }) status!: WithdrawalStatus;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) processedAt!: string | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String }) completedAt?: string | null;
  @ApiPropertyOptional({
    type: WithdrawalReturnDto,
    nullable: true,
    description: 'Set while pending again after an approval, because the banking details changed',
  })
  returnedForReapproval?: WithdrawalReturnDto | null;
}

export class WithdrawalsResponseDto implements WithdrawalsResponse {
  @ApiProperty({ type: [WithdrawalItemDto] }) withdrawals!: WithdrawalItemDto[];
}

export class WithdrawalResponseDto {
  @ApiProperty({ type: WithdrawalItemDto }) withdrawal!: WithdrawalItemDto;
}

class InterestPaymentItemDto implements InterestPaymentItem {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ description: 'balance the interest was computed on' }) balance!: number;
  @ApiProperty({ description: 'daily rate as a fraction (0.07 / 365)' }) interestRate!: number;
  @ApiProperty() interestAmount!: number;
  @ApiProperty({ format: 'date-time' }) paymentDate!: string;
  @ApiProperty({ enum: ['paid', 'pending'] }) status!: InterestPaymentStatus;
}

export class InterestPaymentsResponseDto implements InterestPaymentsResponse {
  @ApiProperty({ type: [InterestPaymentItemDto] }) interestPayments!: InterestPaymentItemDto[];
}

export class MessageResponseDto {
  @ApiProperty({ example: 'Password changed' }) message!: string;
}
