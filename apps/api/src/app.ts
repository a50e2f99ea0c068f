import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createDeps, type RootDeps } from './create-deps.js';
import type { Database } from './db/client.js';
import type { AuthLimitSettings } from './modules/accounts/limits.js';
import type { ChatSocketLimits } from './modules/chat/limits.js';
import { featureRoutes } from './modules/index.js';
import { registerGuardsFirst } from './platform/auth/guard-order.js';
import type { Clock } from './platform/clock.js';
import { answerFrameworkError, registerErrorHandling } from './platform/http/error-handler.js';
import { failedBody } from './platform/http/errors.js';
import { registerInputHygiene } from './platform/http/input-hygiene.js';
import { registerJsonBodyParser } from './platform/http/json-body.js';
import {
  routeSchemaTransform,
  SECURITY_SCHEMES,
  shapeOpenApiDocument,
} from './platform/http/openapi-document.js';
import { RequestLogController } from './platform/http/request-logging.js';
import { registerResponseHeaders } from './platform/http/security-headers.js';
import { type LogStream, loggerOptions } from './platform/log-redaction.js';
import { createCollectors } from './platform/metrics/collectors.js';
import { registerHttpMetrics } from './platform/metrics/http-metrics.js';
import { metricsAccess, registerMetricsRoute } from './platform/metrics/route.js';
import { runtimeOf } from './runtime-mode.js';
import { WebHtml } from './web-html.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  clock?: Clock;
  /** Where log lines go (default stdout); tests capture them to check what is never logged. */
  logStream?: LogStream;
  authLimits?: AuthLimitSettings;
  chatSocketLimits?: Partial<ChatSocketLimits>;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: RootDeps;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server (API + web) without listening, so tests and main.ts share it. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    // Reads (and the web's polling) at debug, the rest at info: platform/http/request-logging.ts.
    logController: new RequestLogController(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (bad URL, over-long path parameter) in the error envelope too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerResponseHeaders(app);
  // Input hygiene (docs/architecture.md): guards before parsing, bounded JSON, no control characters.
  registerGuardsFirst(app);
  registerJsonBodyParser(app);
  registerInputHygiene(app);

  const deps = createDeps({ ...options, log: app.log });
  app.addHook('onClose', async () => deps.dispose());
  // Prometheus metrics (decision 040): labels decided per route before any route is added.
  registerHttpMetrics(app, deps.metrics);
  if (deps.metrics.registry) {
    registerMetricsRoute(
      app,
      deps.metrics,
      createCollectors(deps.metrics.registry, deps.database, deps.jobs.schema),
      metricsAccess(runtimeOf(config).mode, config.METRICS_TOKEN),
    );
  }

  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 20, fields: 50, fieldSize: 100_000, parts: 80 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.BRAND_NAME} API`,
        version: '1.0.0',
        description: 'Generated from the route schemas.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Operation ids, security, statuses, headers and multipart bodies: openapi-document.ts.
    transform: routeSchemaTransform,
    transformObject: shapeOpenApiDocument,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles as it renders, which its default policy (style hashes only)
    // blocks with a console error; allow them as the site's own policy does. No upgrade of
    // requests either: the server may run on plain HTTP.
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  for (const routes of featureRoutes(deps)) await app.register(routes);
  // Features defined their jobs while registering; workers start once the server is ready.
  app.addHook('onReady', async () => deps.jobs.start());

  registerWeb(app, config.WEB_DIST ?? DEFAULT_WEB_DIST, config);
  return { app, deps };
}

/**
 * Serves the built web app. Other non-API GETs get HTML: the page prerendered for that path if the
 * build has one (so crawlers and visitors without JavaScript see the content), else index.html so the
 * client router decides; both with the configured brand written in (web-html.ts). Paths the client
 * router has no page for (the build's route manifest, web-routes.ts) get the not-found page with 404.
 */
function registerWeb(app: FastifyInstance, webDist: string, config: Config): void {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  const html = new WebHtml(path.resolve(webDist), config);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz next to its assets (apps/web/compress-assets.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = html.encoded(pathname, String(request.headers['accept-encoding'] ?? ''));
      if (page !== null) {
        if (page.encoding) reply.header('Content-Encoding', page.encoding);
        return reply
          .code(page.status)
          .header('Cache-Control', 'no-cache')
          .header('Vary', 'Accept-Encoding')
          .type('text/html; charset=utf-8')
          .send(page.body);
      }
    }
    return reply
      .code(404)
      .send(failedBody('not_found', isApi ? `No API route ${request.method} ${pathname}` : 'Not found'));
  });
}
