import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '@savings/config';
import { PlatformModule } from '@savings/application';
import { ErrorFilter } from './http/error-filter';
import { NoBodyInterceptor } from './http/no-body.interceptor';
import { HealthModule } from './health/health.module';
import { BlogModule } from './blog/blog.module';
import { AdminModule } from './admin/admin.module';
import { ApprovalsApiModule } from './approvals/approvals.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { InvestorModule } from './investor/investor.module';
import { PersonalDataModule } from './personal-data/personal-data.module';
import { PayoutsModule } from './payouts/payouts.module';
import { QueueDashboardModule } from './payouts/queue-dashboard.module';
import { StatementsModule } from './statements/statements.module';
import { BankStatementsModule } from './bank-statements/bank-statements.module';
import { PublicDocsApiModule } from './public-docs/technical-overview.controller';
import { ProofApiModule } from './proof/proof.controller';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's X-Request-Id when it is sane, else a new one; echoed back so a log line can be found. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          // Express 5 route syntax; nestjs-pino's default '*' makes Nest warn at every start
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            genReqId: requestId,
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                'res.headers["set-cookie"]',
                '*.password',
                '*.currentPassword',
                '*.newPassword',
                '*.confirmPassword',
              ],
              censor: '[redacted]',
            },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
        PlatformModule.forRoot({ config, poolMax: 20 }),
        CqrsModule.forRoot(),
        HealthModule,
        BlogModule,
        AdminModule,
        ApprovalsApiModule,
        AuditModule,
        AuthModule,
        InvestorModule,
        PersonalDataModule,
        PayoutsModule,
        BankStatementsModule,
        StatementsModule,
        ProofApiModule,
        PublicDocsApiModule,
        QueueDashboardModule.forRoot(config),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_INTERCEPTOR, useClass: NoBodyInterceptor },
      ],
    };
  }
}
