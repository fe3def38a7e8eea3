import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, Max, Min } from 'class-validator';
import type {
  AuditBalanceResponse,
  AuditEvent,
  AuditEventsResponse,
  AuditLogEvent,
  AuditLogResponse,
  VerifyCheck,
  VerifyReport,
  VerifyRun,
  VerifyRunProgress,
  VerifyRunResponse,
  VerifyRunsResponse,
  VerifyRunStatus,
} from '@savings/contracts';

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

export class AuditLogQueryDto extends AuditEventsQueryDto {
  @ApiPropertyOptional({ description: 'Only the events of this customer’s account stream' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1, { message: 'userId must be a whole number' })
  @Max(2147483647, { message: 'userId must be a whole number' })
  userId?: number;
}

export class AuditLogEventDto extends AuditEventDto implements AuditLogEvent {
  @ApiProperty({ type: Number, nullable: true, description: 'The sealed block holding the event; null until sealed' })
  block!: number | null;
}

export class AuditLogResponseDto implements AuditLogResponse {
  @ApiProperty({ type: AuditLogEventDto, isArray: true }) events!: AuditLogEventDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'Pass as after for the next page; null at the end' })
  nextAfter!: number | null;
  @ApiProperty({ description: 'The highest seq in the log' }) lastSeq!: number;
}

export class AuditBalanceQueryDto {
  @ApiProperty({ description: 'The customer’s user id' })
  @Type(() => Number)
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1, { message: 'userId must be a whole number' })
  @Max(2147483647, { message: 'userId must be a whole number' })
  userId!: number;

  @ApiPropertyOptional({ description: 'ISO-8601 date or instant; now when absent', example: '2026-11-01T00:00:00Z' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'asOf must be an ISO-8601 date or instant' })
  asOf?: string;
}

export class AuditBalanceResponseDto implements AuditBalanceResponse {
  @ApiProperty() userId!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) asOf!: string | null;
  @ApiProperty() balance!: number;
  @ApiProperty({ description: 'Exact cents' }) balanceCents!: string;
}

export class VerifyRunProgressDto implements VerifyRunProgress {
  @ApiProperty() stage!: string;
  @ApiProperty() eventsRead!: number;
  @ApiProperty() eventsTotal!: number;
}

export class VerifyRunDto implements VerifyRun {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['queued', 'running', 'completed', 'failed'] }) status!: VerifyRunStatus;
  @ApiProperty() requestedBy!: string;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) startedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finishedAt!: string | null;
  @ApiProperty({ type: VerifyRunProgressDto, nullable: true }) progress!: VerifyRunProgressDto | null;
  @ApiProperty({ type: VerifyReportDto, nullable: true }) report!: VerifyReportDto | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

export class VerifyRunResponseDto implements VerifyRunResponse {
  @ApiProperty({ type: VerifyRunDto }) run!: VerifyRunDto;
}

export class VerifyRunsResponseDto implements VerifyRunsResponse {
  @ApiProperty({ type: VerifyRunDto, isArray: true }) runs!: VerifyRunDto[];
}
