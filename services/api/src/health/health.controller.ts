import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { REDIS, SQL } from '@savings/application';
import type { HealthResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'PostgreSQL and Redis answer.' })
  @ApiServiceUnavailableResponse({ description: 'A dependency does not answer.' })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      this.probe(() => this.sql.query('select 1')),
      this.probe(() => this.redis.ping()),
    ]);
    const ok = database.status === 'up' && redis.status === 'up';
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'error', details: { database, redis } };
  }

  /** Liveness without dependencies: the process answers (and the framework's ceiling for the load bench). */
  @Get('live')
  @ApiOkResponse({ description: 'The process answers; no dependency is checked.' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  private async probe(check: () => Promise<unknown>): Promise<{ status: 'up' | 'down'; message?: string }> {
    try {
      await withTimeout(check());
      return { status: 'up' };
    } catch {
      return { status: 'down', message: 'not reachable' };
    }
  }
}
