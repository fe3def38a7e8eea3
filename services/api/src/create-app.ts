import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import passport from 'passport';
import type { Store } from 'express-session';
import type { AppConfig } from '@savings/config';
import { AppModule } from './app.module';
import { createSessionMiddleware, SESSION_STORE } from './auth/session-store';
import { parseJsonBody, requireJsonBody } from './http/request-body';
import { readStatementUpload } from './bank-statements/statement-upload';
import { applyRequestTimeouts } from './http/request-timeouts';
import { createValidationPipe } from './http/validation';
import { mountOpenApi } from './openapi';
import { rejectNulCharacters } from './security/nul-characters';
import { originCheck } from './security/origin-check';
import { rejectPrototypeKeys } from './security/prototype-keys';
import { securityHeaders } from './security/security-headers';
import { resolveWebDist, serveWebApp } from './web-app/serve-web-app';

export interface CreateAppOptions {
  /** Serve the built web app (production); tests of the API alone leave it off. */
  serveWeb?: boolean;
}

/** Builds the HTTP application with every cross-cutting rule; main.ts and the e2e tests both use it. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  applyRequestTimeouts(app.getHttpServer());
  app.disable('x-powered-by');
  // the client address (every per-address limit) and scheme: the socket's, unless TRUST_PROXY names the
  // proxies in front; then the nearest address in X-Forwarded-For that is not one of them
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders());
  app.use(
    '/api',
    originCheck(config),
    requireJsonBody,
    parseJsonBody,
    rejectPrototypeKeys,
    rejectNulCharacters,
    readStatementUpload,
  );
  // sessions only where they are read: the API, not static files
  app.use('/api', createSessionMiddleware(app.get<Store>(SESSION_STORE), config), passport.initialize());
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  mountOpenApi(app);
  if (options.serveWeb) {
    const dist = resolveWebDist(config.webDistDir);
    if (dist) serveWebApp(app, dist);
  }
  app.enableShutdownHooks();
  return app;
}
