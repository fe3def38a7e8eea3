import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import type { BalanceProofResponse, ProofRoot, ProofRootsResponse } from '@savings/contracts';

export class ProofRootDto implements ProofRoot {
  @ApiProperty({ example: '2026-11-24', description: 'The day the commitment stands for (APP_TIMEZONE)' })
  date!: string;
  @ApiProperty({ example: '2026-11-24T10:00:04.512Z', description: 'When the balances were taken' }) at!: string;
  @ApiProperty({ description: 'Root hash of the Merkle sum tree, 64 lower-case hex' }) root!: string;
  @ApiProperty({ example: '123456789', description: 'Sum of every customer balance, in cents (decimal text)' })
  total!: string;
  @ApiProperty({ description: 'Number of customer accounts (leaves)' }) leafCount!: number;
}

export class ProofRootsResponseDto implements ProofRootsResponse {
  @ApiProperty({
    type: ProofRootDto,
    isArray: true,
    description: 'Newest `at` first; the last commitment of a date stands for it',
  })
  roots!: ProofRootDto[];
}

class ProofLeafDto {
  @ApiProperty() userId!: number;
  @ApiProperty({ description: 'cents, decimal text' }) balanceCents!: string;
  @ApiProperty({ description: '32 hex characters, secret to this customer and this commitment' }) nonce!: string;
}

class ProofStepDto {
  @ApiProperty() hash!: string;
  @ApiProperty({ description: 'cents, decimal text' }) sum!: string;
  @ApiProperty({
    enum: ['left', 'right'],
    description: "The sibling's side: left means parent = node(sibling, current), right node(current, sibling)",
  })
  side!: 'left' | 'right';
}

export class BalanceProofResponseDto implements BalanceProofResponse {
  @ApiProperty() date!: string;
  @ApiProperty() at!: string;
  @ApiProperty() root!: string;
  @ApiProperty({ description: 'cents, decimal text' }) total!: string;
  @ApiProperty() leafCount!: number;
  @ApiProperty({ type: ProofLeafDto }) leaf!: ProofLeafDto;
  @ApiProperty({ type: ProofStepDto, isArray: true, description: 'Siblings from the leaf up to the root' })
  path!: ProofStepDto[];
}

export class BalanceProofQueryDto {
  @ApiPropertyOptional({ example: '2026-11-24', description: 'A published date; the latest when left out' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date in the form YYYY-MM-DD.' })
  date?: string;
}
