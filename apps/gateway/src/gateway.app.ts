import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { JsonLogger, opsServerPort, startOpsServer, trustProxyOption, writeOpsPortFile } from '@lp/runtime';
import type { AuthenticatedRequest } from './auth/auth.guard.js';
import type { GatewayEnv } from './config/gateway.env.js';
import { GatewayModule } from './gateway.module.js';
import { gatewayReadiness, serviceStatus } from './health/gateway-readiness.js';
import { httpDuration } from './http/http-metrics.js';
import { registerCors } from './http/cors.js';
import { registerJsonBodyParser } from './http/json-body-parser.js';
import { refuseOversizedBody } from './http/oversized-body.js';
import { watchClientGone } from './http/client-gone.js';
import { requestIdFor } from './http/request-id.js';
import { refuseTrailingSlash } from './http/trailing-slash.js';
import { RouteMethods } from './http/route-methods.js';
import { rejectNulCharacters, serverLimits } from './http/server-limits.js';
import { MAX_PARAM_LENGTH } from './errors/http-error.filter.js';
import { apiSubsetDocument, buildOpenApiDocument } from './openapi/openapi.document.js';
import { OGC_API_DOCUMENT_PATH, OGC_PREFIX } from './ogc/ogc-documents.js';
import { stringify } from 'yaml';
import { registerWebApp, webAppDir } from './web/web-app.routes.js';

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  close(): Promise<void>;
}

/** Builds the gateway (not yet listening): Fastify, request ids, access log, OpenAPI, docs. */
export async function createGatewayApp(env: GatewayEnv): Promise<NestFastifyApplication> {
  const logger = new JsonLogger('gateway', env.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    genReqId: requestIdFor,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    logger: false,
    ...serverLimits(env),
  });
  // Nest's parsers (JSON and url-encoded forms) are replaced by one JSON parser with shape limits.
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(env), adapter, { logger, bufferLogs: false, bodyParser: false });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.server.maxConnections = env.MAX_CONNECTIONS;
  fastify.decorate('routeMethods', RouteMethods.collect(fastify));
  registerJsonBodyParser(fastify, env);
  registerCors(fastify, env.CORS_ORIGINS);

  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    watchClientGone(request, reply);
    return (
      rejectNulCharacters(request, reply) ??
      refuseTrailingSlash(request, reply) ??
      (await refuseOversizedBody(request, reply, env.BODY_LIMIT_BYTES, env.BODY_DRAIN_LIMIT_BYTES))
    );
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (env.ACCESS_LOG === 'true') {
      logger.event('log', 'http request', {
        request_id: request.id,
        method: request.method,
        route,
        url: request.url,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        key: (request as AuthenticatedRequest).apiKey?.prefix,
      });
    }
  });

  const document = buildOpenApiDocument(app, env.PUBLIC_BASE_URL);
  const yamlText = stringify(document, { aliasDuplicateObjects: false });
  fastify.get('/openapi.yaml', async (_request, reply) => reply.header('content-type', 'application/yaml; charset=utf-8').send(yamlText));
  fastify.get('/openapi.json', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(document));
  const ogcDocument = apiSubsetDocument(document, OGC_PREFIX, 'Land-parcel geodata for Poland: OGC API - Features and Tiles');
  fastify.get(OGC_API_DOCUMENT_PATH, async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(ogcDocument));
  SwaggerModule.setup('docs', app, document, { customSiteTitle: 'Land-parcel API docs', raw: false });
  fastify.addHook('onSend', async (request, reply) => {
    if (request.url === '/docs' || request.url.startsWith('/docs/')) void reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
  });
  const web = registerWebApp(fastify, webAppDir(env.WEB_APP_DIR));
  if (!web.built) logger.event('warn', 'map application not built: / answers 503', { dir: webAppDir(env.WEB_APP_DIR) });
  return app;
}

/**
 * The docs page (Swagger UI) loads its scripts from /docs and calls the API on this origin only; its
 * template carries inline styles, never inline scripts, so a script injected into it cannot run.
 */
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function startGateway(env: GatewayEnv): Promise<RunningGateway> {
  const app = await createGatewayApp(env);
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.listen(env.PORT, env.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const ops = await startOpsServer(env.OPS_PORT, gatewayReadiness(app), env.OPS_HOST, serviceStatus(app));
  app.getHttpServer().once('close', () => ops.close());
  writeOpsPortFile(env.OPS_PORT_FILE, opsServerPort(ops));
  new JsonLogger('gateway', env.LOG_LEVEL).event('log', 'gateway started', { port, ops_port: opsServerPort(ops) });
  return { app, url: `http://${env.HOST}:${port}`, close: () => app.close() };
}
