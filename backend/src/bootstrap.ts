import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { clerkFrontendApiOrigin } from './infrastructure/http/clerk-origin';
import { PulsoExpressAdapter } from './infrastructure/http/express-adapter';
import { HttpExceptionFilter } from './infrastructure/http/http-exception.filter';
import { refuseDeepBodies } from './infrastructure/http/body-depth';
import { assignRequestId } from './infrastructure/http/request-id';
import { buildOpenApiDocument } from './infrastructure/http/openapi';
import { serveSpa } from './infrastructure/http/spa';
import { LandingImages } from './modules/catalog/landing-images';
import { createValidationPipe } from './infrastructure/http/validation';

export interface CreateAppOptions {
  /** Serve the built SPA from config.spaDistDir (the embedded mode). */
  serveSpa?: boolean;
  /** Scan modules without instantiating providers (no database): used to write the OpenAPI file. */
  preview?: boolean;
  /** Where the log lines go instead of stdout (a test that reads the log). */
  logDestination?: DestinationStream;
}

/**
 * Builds the whole application exactly as production runs it; main.ts listens on
 * it and the e2e tests drive it with supertest.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.logDestination), new PulsoExpressAdapter(), {
    bufferLogs: !options.preview,
    bodyParser: false,
    preview: options.preview,
    logger: options.preview ? false : undefined,
  });
  if (!options.preview) app.useLogger(app.get(Logger));
  // Only the configured proxies may say who the client is: anyone else's X-Forwarded-For is ignored.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: '64kb' });
  app.use(refuseDeepBodies);
  app.useBodyParser('urlencoded', { limit: '16kb', extended: false });
  app.use(compression());
  const clerkOrigins = [clerkFrontendApiOrigin(config.auth.clerkPublishableKey)].filter((origin): origin is string => !!origin);
  app.use(cookieParser());
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'", 'https://*.clerk.accounts.dev', 'https://*.clerk.com', 'https://challenges.cloudflare.com', ...clerkOrigins],
          'connect-src': ["'self'", 'https://*.clerk.accounts.dev', 'https://*.clerk.com', 'https://clerk-telemetry.com', ...clerkOrigins],
          'img-src': ["'self'", 'data:', 'blob:', 'https://img.clerk.com', ...(config.media.cdnBase ? [config.media.cdnBase] : [])],
          'media-src': ["'self'", 'blob:', ...(config.media.cdnBase ? [config.media.cdnBase] : [])],
          'worker-src': ["'self'", 'blob:'],
          'frame-src': ["'self'", 'https://challenges.cloudflare.com'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': config.publicUrl.startsWith('https') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  if (config.corsOrigins.length) app.enableCors({ origin: config.corsOrigins, credentials: true });
  // Where pino-http's module middleware would run (after all of the above) when it is mounted.
  if (config.logLevel === 'silent' && !options.preview) app.use(assignRequestId);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs/openapi.json' });
  if (options.serveSpa) {
    const landing = app.get(LandingImages);
    serveSpa(app, config.spaDistDir, (html, file) => landing.fillPage(html, file));
  }
  return app;
}
