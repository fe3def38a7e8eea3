import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { GetInvestorDailyQuery, type SessionUser } from '@savings/application';
import { CHART_DAYS, type InvestorDailyPoint, type InvestorDailyResponse } from '@savings/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';

class InvestorDailyPointDto implements InvestorDailyPoint {
  @ApiProperty({ format: 'date', description: 'A day of APP_TIMEZONE' }) date!: string;
  @ApiProperty({ description: 'The balance at the end of the day' }) balance!: number;
  @ApiProperty({ description: 'Interest credited for the day' }) interest!: number;
}

class InvestorDailyResponseDto implements InvestorDailyResponse {
  @ApiProperty({ type: InvestorDailyPointDto, isArray: true, description: 'Oldest first' })
  days!: InvestorDailyPointDto[];
}

/** The data of the dashboard's balance chart and the interest history's chart. */
@ApiTags('investor')
@Controller('user/charts')
@Authenticated()
export class InvestorChartsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('daily')
  @ApiOperation({ summary: `The last ${CHART_DAYS} days: the balance at each day's end and the interest credited` })
  @ApiOkResponse({ type: InvestorDailyResponseDto })
  daily(@CurrentUser() user: SessionUser): Promise<InvestorDailyResponse> {
    return this.queryBus.execute(new GetInvestorDailyQuery(user.id, CHART_DAYS));
  }
}
