import { ApiProperty } from '@nestjs/swagger';
import type { PayoutFileView } from '@savings/application';

export class PayoutFileDto implements PayoutFileView {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '2026-12-01' }) payoutDate!: string;
  @ApiProperty() withdrawalCount!: number;
  @ApiProperty({ example: 2500.5, description: 'USD' }) total!: number;
  @ApiProperty({ example: '250050', description: 'Exact total in cents' }) totalCents!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class PayoutFileListDto {
  @ApiProperty({ type: PayoutFileDto, isArray: true }) payoutFiles!: PayoutFileDto[];
}
