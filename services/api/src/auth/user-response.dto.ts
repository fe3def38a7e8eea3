import { ApiProperty } from '@nestjs/swagger';
import {
  HOLDER_TYPES,
  type HolderType,
  type PublicUser,
  type Role,
  type SessionResponse,
  type UserResponse,
} from '@savings/contracts';

/** OpenAPI shape of {user}; the TypeScript type comes from @savings/contracts. */
export class PublicUserDto implements PublicUser {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'USD, at most 2 decimals' }) balance!: number;
  @ApiProperty({ description: 'balance minus pending withdrawals' }) availableBalance!: number;
  @ApiProperty({ description: 'Quote it on every bank transfer', example: 'K7MQ4XRB' }) referenceCode!: string;
  @ApiProperty({ nullable: true, type: String }) beneficiaryName!: string | null;
  @ApiProperty({ nullable: true, type: String }) iban!: string | null;
  @ApiProperty({ nullable: true, type: String }) swift!: string | null;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty({ enum: ['customer', 'admin', 'auditor'] }) role!: Role;
  @ApiProperty({ enum: HOLDER_TYPES, description: 'a person, or a business represented by `name`' })
  holderType!: HolderType;
  @ApiProperty({ nullable: true, type: String, description: 'a business only' }) legalName!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'a business only' }) registrationNumber!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'a business only: ISO 3166-1 alpha-2' })
  country!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class UserResponseDto implements UserResponse {
  @ApiProperty({ type: PublicUserDto }) user!: PublicUserDto;
}

export class SessionResponseDto implements SessionResponse {
  @ApiProperty({ type: PublicUserDto, nullable: true, description: 'null when signed out' })
  user!: PublicUserDto | null;
}
