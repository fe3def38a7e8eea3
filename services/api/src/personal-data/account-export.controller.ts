import { Controller, Get, Header, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { GetAccountExportQuery, type SessionUser } from '@savings/application';
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  SECURITY_EVENT_KINDS,
  type AccountExport,
} from '@savings/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import { PublicUserDto } from '../auth/user-response.dto';

const dateTime = { type: 'string', format: 'date-time' } as const;
const nullable = <T extends object>(schema: T) => ({ ...schema, nullable: true });
const list = (items: object, description?: string) => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});
const money = { type: 'number', description: 'USD, at most 2 decimals' } as const;
const banking = {
  type: 'object',
  required: ['beneficiaryName', 'iban', 'swift', 'savedAt'],
  properties: {
    beneficiaryName: { type: 'string' },
    iban: { type: 'string' },
    swift: nullable({ type: 'string' }),
    savedAt: dateTime,
  },
};

/** The export document (AccountExport in @savings/contracts) as an OpenAPI schema. */
const ACCOUNT_EXPORT_SCHEMA = {
  type: 'object',
  required: [
    'format',
    'version',
    'exportedAt',
    'profile',
    'bankingDetails',
    'events',
    'depositRequests',
    'deposits',
    'withdrawals',
    'interestPayments',
    'accountActivity',
    'statements',
    'mails',
    'security',
  ],
  properties: {
    format: { type: 'string', enum: [ACCOUNT_EXPORT_FORMAT] },
    version: {
      type: 'integer',
      enum: [ACCOUNT_EXPORT_VERSION],
      description: 'Changes when the meaning of a field changes; fields are only added within a version.',
    },
    exportedAt: dateTime,
    profile: {
      description: 'The account as /api/auth/me shows it (holder data included), and the language of its mails.',
      allOf: [{ $ref: getSchemaPath(PublicUserDto) }, { type: 'object', properties: { language: { type: 'string' } } }],
    },
    bankingDetails: {
      type: 'object',
      properties: {
        current: nullable(banking),
        history: list(banking, 'Every save that changed the details, oldest first.'),
      },
    },
    events: list(
      {
        type: 'object',
        properties: {
          seq: { type: 'integer' },
          streamId: { type: 'string' },
          version: { type: 'integer' },
          type: { type: 'string' },
          schemaVersion: { type: 'integer' },
          payload: { type: 'object' },
          metadata: { type: 'object' },
          occurredAt: dateTime,
          recordedAt: dateTime,
          prevHash: nullable({ type: 'string' }),
          hash: { type: 'string' },
        },
      },
      'Every event of the account’s ledger stream, in order, with its hash-chain link (check them with the ledger export’s rules).',
    ),
    depositRequests: list({ type: 'object', description: 'As GET /api/user/deposit-requests lists them.' }),
    deposits: list({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        amount: money,
        referenceCode: { type: 'string' },
        note: nullable({ type: 'string' }),
        depositRequestId: nullable({ type: 'integer' }),
        createdAt: dateTime,
      },
    }),
    withdrawals: list({ type: 'object', description: 'As GET /api/user/withdrawals lists them.' }),
    interestPayments: list({ type: 'object', description: 'As GET /api/user/interest-payments lists them.' }),
    accountActivity: list({ type: 'object', description: 'As GET /api/user/admin-transactions lists them.' }),
    statements: list({ type: 'object', description: 'As GET /api/user/statements lists the months.' }),
    mails: list(
      {
        type: 'object',
        properties: {
          template: { type: 'string' },
          language: { type: 'string' },
          subject: { type: 'string' },
          text: { type: 'string', description: 'The plain-text body (a reset link’s token removed)' },
          status: { type: 'string', enum: ['pending', 'sending', 'sent', 'failed'] },
          createdAt: dateTime,
          sentAt: nullable(dateTime),
        },
      },
      'Every message mailed (or waiting to be mailed) to the customer.',
    ),
    security: {
      type: 'object',
      properties: {
        twoFactor: {
          type: 'object',
          properties: {
            enabled: { type: 'boolean' },
            enabledAt: nullable(dateTime),
            recoveryCodesLeft: { type: 'integer' },
          },
        },
        history: list(
          {
            type: 'object',
            properties: {
              kind: { type: 'string', enum: [...SECURITY_EVENT_KINDS] },
              at: dateTime,
              address: nullable({ type: 'string', description: 'the client address of the request' }),
            },
          },
          'Sign-ins and changes of the sign-in factors, oldest first.',
        ),
      },
    },
  },
};

/**
 * The right of access and portability (GDPR articles 15 and 20; api-contract.md section 18): the
 * signed-in customer's own data and nothing else; there is no way to name another account here.
 */
@ApiTags('user')
@ApiExtraModels(PublicUserDto)
@Controller('user/export')
@Authenticated()
export class AccountExportController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Everything the platform holds about the signed-in customer, as one JSON document (a download)',
    description:
      'Profile and holder data, banking details and their history, every event of the account’s stream, deposit requests, deposits, withdrawals, interest payments, account activity, the statements list, the mails sent, and the sign-in and two-factor history.',
  })
  @ApiProduces('application/json')
  @ApiOkResponse({
    description: 'The export (attachment savings-export-<reference code>-<date>.json)',
    schema: ACCOUNT_EXPORT_SCHEMA,
  })
  @Header('Cache-Control', 'no-store')
  async export(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AccountExport> {
    const document = await this.queries.execute<GetAccountExportQuery, AccountExport>(
      new GetAccountExportQuery(user.id),
    );
    const day = document.exportedAt.slice(0, 10);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="savings-export-${document.profile.referenceCode}-${day}.json"`,
    );
    return document;
  }
}
