import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ApprovalStatus } from '@savings/contracts';
import { PlainText } from '../http/plain-text.validator';

export const APPROVAL_STATUSES: ApprovalStatus[] = ['pending', 'approved', 'rejected', 'void'];
const REASON_MAX = 500;

export class ListApprovalsQueryDto {
  @ApiPropertyOptional({ enum: APPROVAL_STATUSES, description: 'Every status when absent' })
  @IsOptional()
  @IsIn(APPROVAL_STATUSES, { message: 'status must be pending, approved, rejected or void' })
  status?: ApprovalStatus;
}

export class RejectApprovalDto {
  @ApiProperty({ maxLength: REASON_MAX, description: 'Why it is rejected; shown with the approval' })
  @IsString({ message: 'A reason is required' })
  @IsNotEmpty({ message: 'A reason is required' })
  @MaxLength(REASON_MAX)
  @PlainText('Reason')
  reason!: string;
}
