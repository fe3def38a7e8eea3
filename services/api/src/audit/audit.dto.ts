import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { AuditEvent, AuditEventsResponse, VerifyCheck, VerifyReport } from '@savings/contracts';

export const MAX_AUDIT_PAGE = 1000;

export class AuditEventsQueryDto {
  @ApiPropertyOptional({ description: 'Events with seq greater than this (0: from the start)', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'after must be a whole number' })
  @Min(0, { message: 'after must be a whole number' })
  @Max(Number.MAX_SAFE_INTEGER)
  after?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_AUDIT_PAGE, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_AUDIT_PAGE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_AUDIT_PAGE}` })
  @Max(MAX_AUDIT_PAGE, { message: `limit must be a whole number from 1 to ${MAX_AUDIT_PAGE}` })
  limit?: number;
}

export class AuditEventDto implements AuditEvent {
  @ApiProperty({ description: 'Global position in the log' }) seq!: number;
  @ApiProperty({ example: 'account-42' }) streamId!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ example: 'DepositConfirmed' }) type!: string;
  @ApiProperty() schemaVersion!: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'actor, correlation id, idempotency key' })
  metadata!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) occurredAt!: string;
  @ApiProperty({ format: 'date-time' }) recordedAt!: string;
  @ApiProperty({ description: 'sha-256 over the content and prevHash' }) hash!: string;
  @ApiProperty({ description: 'hash of the previous event of the stream' }) prevHash!: string;
}

export class AuditEventsResponseDto implements AuditEventsResponse {
  @ApiProperty({ type: AuditEventDto, isArray: true }) events!: AuditEventDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'Pass as after for the next page; null at the end' })
  nextAfter!: number | null;
}

export class VerifyCheckDto implements VerifyCheck {
  @ApiProperty() name!: string;
  @ApiProperty() ok!: boolean;
  @ApiProperty() checked!: number;
  @ApiProperty() detail!: string;
  @ApiPropertyOptional({ type: Number, nullable: true }) firstBadSeq?: number | null;
}

export class VerifyReportDto implements VerifyReport {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: VerifyCheckDto, isArray: true }) checks!: VerifyCheckDto[];
}
