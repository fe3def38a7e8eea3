import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** OpenAPI document at /api/docs-json, browsable docs at /api/docs, generated from the decorators. */
export function mountOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Savings platform API')
      .setDescription(
        'Event-sourced savings ledger. Errors are {"message": "..."}; amounts are JSON numbers with at most two ' +
          'decimals; money-moving calls accept an Idempotency-Key header. Sign in with POST /api/auth/login; the ' +
          'session cookie is sent with every call. An account with two-factor sign-in answers {"mfaRequired":true} ' +
          'there; POST /api/auth/mfa/verify with a code completes the sign-in. With STAFF_MFA=required, admin and ' +
          'audit routes answer 403 "Two-factor sign-in required" to staff without it.',
      )
      .setVersion('1.0')
      .addCookieAuth('sid')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
