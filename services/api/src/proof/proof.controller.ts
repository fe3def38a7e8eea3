import { Controller, Get, Header, Module, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetBalanceProofQuery, ListProofRootsQuery, ProofModule, type SessionUser } from '@savings/application';
import type { BalanceProofResponse, ProofRootsResponse } from '@savings/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import { BalanceProofQueryDto, BalanceProofResponseDto, ProofRootsResponseDto } from './proof.dto';

/** The published proof-of-liabilities roots: public, anyone can compare a proof's root with them. */
@ApiTags('proof')
@Controller('proof')
export class ProofRootsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('roots')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({
    summary: 'The committed Merkle sum tree roots and totals, newest first (api-contract.md section 13)',
  })
  @ApiOkResponse({ type: ProofRootsResponseDto })
  roots(): Promise<ProofRootsResponse> {
    return this.queries.execute(new ListProofRootsQuery());
  }
}

/** The signed-in customer's own proof: their leaf and the siblings of its path. */
@ApiTags('proof')
@Controller('user/proof')
@Authenticated()
export class UserProofController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Proof that the customer’s balance is counted in a published root' })
  @ApiOkResponse({ type: BalanceProofResponseDto })
  @ApiBadRequestResponse({ description: 'date not written YYYY-MM-DD' })
  @ApiNotFoundResponse({ description: 'No commitment for that date, or the account was not in it' })
  proof(@CurrentUser() user: SessionUser, @Query() query: BalanceProofQueryDto): Promise<BalanceProofResponse> {
    return this.queries.execute(new GetBalanceProofQuery(user.id, query.date ?? null));
  }
}

@Module({ imports: [ProofModule], controllers: [ProofRootsController, UserProofController] })
export class ProofApiModule {}
