import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@savings/config';
import { AppModule } from './app.module';
import { limitJsonDepth, parseJsonBody, requireJsonBody } from './http/request-body';
import { createValidationPipe } from './http/validation';
import { mountOpenApi } from './openapi';
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
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use('/api', requireJsonBody, parseJsonBody, limitJsonDepth);
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
