import { ApiProperty } from '@nestjs/swagger';
import type { StatementMonthItem, StatementMonthsResponse } from '@savings/contracts';

export class StatementMonthDto implements StatementMonthItem {
  @ApiProperty({ example: '2026-03', description: 'Calendar month in APP_TIMEZONE' }) month!: string;
  @ApiProperty({ description: 'Balance at the month’s first instant (00:00 local)' }) opening!: number;
  @ApiProperty({ description: 'Balance at the next month’s first instant, or now for the current month' })
  closing!: number;
  @ApiProperty({ description: 'Money in during the month' }) credits!: number;
  @ApiProperty({ description: 'Money out during the month (a positive number)' }) debits!: number;
}

export class StatementMonthsResponseDto implements StatementMonthsResponse {
  @ApiProperty({ type: StatementMonthDto, isArray: true }) months!: StatementMonthDto[];
}
