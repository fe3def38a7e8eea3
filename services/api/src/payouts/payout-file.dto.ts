import { ApiProperty } from '@nestjs/swagger';
import type { PayoutFileView } from '@savings/contracts';

class PayoutFileHashesDto {
  @ApiProperty({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }) csv!: string;
  @ApiProperty({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }) xml!: string;
}

export class PayoutFileDto implements PayoutFileView {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '2026-12-01' }) payoutDate!: string;
  @ApiProperty() withdrawalCount!: number;
  @ApiProperty({ example: 2500.5, description: 'USD' }) total!: number;
  @ApiProperty({ example: '250050', description: 'Exact total in cents' }) totalCents!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: PayoutFileHashesDto,
    description:
      "SHA-256 of each file's bytes, as its PayoutFileIssued ledger event records them (the download's ETag)",
  })
  sha256!: PayoutFileHashesDto;
}

export class PayoutFileListDto {
  @ApiProperty({ type: PayoutFileDto, isArray: true }) payoutFiles!: PayoutFileDto[];
}
