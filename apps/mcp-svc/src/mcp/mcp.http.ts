import { runChecks, runWithRequestContext, trustProxyOption, type JsonLogger } from '@lp/runtime';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { fastify, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { httpDuration } from '../http/mcp-metrics.js';
import { requestIdFor } from '../http/request-id.js';
import { createMcpServer, type McpServerDeps } from './mcp-server.factory.js';
import type { KeyCheck } from './key-check.js';
import { checkBearer, checkHostAndOrigin, invalidKeyRejection, JSON_RPC, jsonRpcError, type OriginPolicy, type Rejection } from './mcp-request.guard.js';
import { invalidToolCall } from './tool-call-shape.js';
import { PROTECTED_RESOURCE_PATH, protectedResourceMetadata, resourceMetadataUrlFor } from './protected-resource.js';

export interface McpHttpOptions {
  deps: McpServerDeps;
  bodyLimitBytes: number;
  /** host:port values for the Host check, given the port the server is bound to (0 in tests). */
  allowedHosts: (boundPort: number) => readonly string[];
  allowedOrigins: readonly string[];
  accessLog: boolean;
  logger: JsonLogger;
  /** Asks the gateway whether it accepts a caller's key (remembered briefly). */
  keyCheck: KeyCheck;
  /** Public base URL of this server (MCP_PUBLIC_URL); unset: http:// and an allowed Host. */
  publicUrl?: string;
  /** TRUST_PROXY: which proxies in front may name the client, whose address the gateway is told. */
  trustProxy?: string;
}

const MCP_PATH = '/mcp';

/**
 * The tool server's HTTP face: MCP over Streamable HTTP at POST /mcp (stateless: a fresh server
 * and transport per request, JSON responses, no sessions), plus /healthz and /readyz. /metrics is
 * served on a port of its own (startMcpSvc), never on this public one.
 */
export function createMcpHttpServer(options: McpHttpOptions): FastifyInstance {
  const { logger } = options;
  const app = fastify({
    genReqId: requestIdFor,
    bodyLimit: options.bodyLimitBytes,
    logger: false,
    trustProxy: trustProxyOption(options.trustProxy ?? ''),
    routerOptions: { ignoreTrailingSlash: true },
  });

  let policy: OriginPolicy | undefined;
  const originPolicy = (): OriginPolicy => {
    policy ??= {
      allowedHosts: options.allowedHosts((app.server.address() as AddressInfo).port).map((host) => host.toLowerCase()),
      allowedOrigins: options.allowedOrigins,
    };
    return policy;
  };
  /**
   * The URL clients reach /mcp at, for the protected-resource metadata: configured, or built from
   * the Host header only when that host is allowed (a forged Host is never written into an answer).
   */
  const resourceUrlFor = (request: FastifyRequest): string => {
    if (options.publicUrl) return `${options.publicUrl.replace(/\/+$/, '')}${MCP_PATH}`;
    const { allowedHosts } = originPolicy();
    const host = request.headers.host?.toLowerCase();
    return `http://${host !== undefined && allowedHosts.includes(host) ? host : allowedHosts[0]}${MCP_PATH}`;
  };

  app.addHook('onRequest', async (request, reply) => {
    // Set on the raw response so the id survives reply.hijack().
    reply.raw.setHeader('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (options.accessLog) {
      logger.event('log', 'http request', {
        request_id: request.id,
        method: request.method,
        route,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      });
    }
  });

  app.post(MCP_PATH, {
    onRequest: async (request, reply) => {
      // Before the body is read: a foreign page or a caller without a key costs us nothing.
      const metadataUrl = resourceMetadataUrlFor(resourceUrlFor(request));
      const rejection = checkHostAndOrigin(request.headers, originPolicy()) ?? checkBearer(request.headers, metadataUrl);
      if (rejection) return reject(reply, rejection);
      const oversized = await refuseOversizedBody(request, options.bodyLimitBytes);
      if (oversized) return reject(reply, oversized);
      // A key the gateway refuses is refused here too, at initialize, so a misconfigured agent
      // does not look connected. No answer from the gateway lets the request through: tool calls
      // then report the outage themselves.
      if ((await options.keyCheck.verdict(request.headers.authorization ?? '', request.ip)) === 'invalid') return reject(reply, invalidKeyRejection(metadataUrl));
    },
    handler: async (request, reply) => handleMcpPost(request, reply, options, originPolicy()),
  });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      handler: async (_request, reply) =>
        reject(reply, {
          status: 405,
          headers: { allow: 'POST' },
          body: jsonRpcError(JSON_RPC.serverError, 'Method not allowed: this server is stateless (no sessions, no server-sent stream); send JSON-RPC messages with POST.'),
        }),
    });
  }

  // RFC 9728 metadata, at the root and suffixed with the MCP path (clients try both).
  for (const path of [PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}${MCP_PATH}`]) {
    app.get(path, async (request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*').send(protectedResourceMetadata(resourceUrlFor(request))),
    );
  }
  app.get('/healthz', async () => ({ status: 'ok', checks: {} }));
  app.get('/readyz', async (_request, reply) => {
    const view = await runChecks({ gateway: () => options.deps.gateway.healthz() });
    return reply.status(view.status === 'ok' ? 200 : 503).send(view);
  });

  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}; MCP is served at POST ${MCP_PATH}.`, request_id: request.id } }),
  );
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) logger.event('error', 'request failed', { request_id: request.id, error: error.message, stack: error.stack });
    if (request.url.split('?')[0] === MCP_PATH) return reject(reply, { status, body: jsonRpcError(...rpcErrorFor(status, options.bodyLimitBytes)) });
    return reply.status(status).send({ error: { code: status === 500 ? 'internal' : 'invalid_request', message: status === 500 ? 'Internal error.' : error.message, request_id: request.id } });
  });
  return app;
}

async function handleMcpPost(request: FastifyRequest, reply: FastifyReply, options: McpHttpOptions, policy: OriginPolicy): Promise<void> {
  const invalid = invalidToolCall(request.body);
  if (invalid) return void reply.status(200).header('content-type', 'application/json').send(invalid);
  const caller = { authorization: request.headers.authorization ?? '', requestId: request.id, clientAddress: request.ip };
  const server = createMcpServer(options.deps, caller);
  server.server.onerror = (error) => options.logger.event('warn', 'mcp protocol error', { request_id: request.id, error: error.message });
  // The SDK's own DNS-rebinding check stays on as a second layer behind checkHostAndOrigin.
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    enableDnsRebindingProtection: true,
    allowedHosts: [...policy.allowedHosts],
    allowedOrigins: [...policy.allowedOrigins],
  });
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await runWithRequestContext({ requestId: request.id }, () => transport.handleRequest(request.raw, reply.raw, request.body));
  } catch (error) {
    options.logger.event('error', 'mcp request failed', { request_id: request.id, error: error instanceof Error ? error.message : String(error) });
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify(jsonRpcError(JSON_RPC.internalError, 'Internal error.')));
    }
  }
}

/** Bodies declared up to this size are read and discarded before the 413; larger ones get it at once with the connection closed. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A body declared larger than the limit is refused before it is parsed. Answering at once while
 * the client still sends makes most clients report a broken connection instead of the 413, so a
 * body up to DRAIN_LIMIT_BYTES is read and thrown away first (nothing is buffered), as the gateway does.
 */
async function refuseOversizedBody(request: FastifyRequest, bodyLimitBytes: number): Promise<Rejection | undefined> {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared <= bodyLimitBytes) return undefined;
  const body = jsonRpcError(JSON_RPC.invalidRequest, `The body is ${declared} bytes; this server accepts at most ${bodyLimitBytes} bytes.`);
  if (declared > DRAIN_LIMIT_BYTES) return { status: 413, headers: { connection: 'close' }, body };
  await new Promise<void>((resolve) => {
    request.raw.on('end', resolve).on('error', () => resolve()).on('close', () => resolve());
    request.raw.resume();
  });
  return { status: 413, body };
}

function reject(reply: FastifyReply, rejection: Rejection): FastifyReply {
  return reply
    .status(rejection.status)
    .headers(rejection.headers ?? {})
    .header('content-type', 'application/json')
    .send(rejection.body);
}

function rpcErrorFor(status: number, bodyLimitBytes: number): [number, string] {
  switch (status) {
    case 400:
      return [JSON_RPC.parseError, 'Parse error: the body must be one JSON-RPC message or a batch, as JSON.'];
    case 413:
      return [JSON_RPC.invalidRequest, `The body is larger than ${bodyLimitBytes} bytes.`];
    case 415:
      return [JSON_RPC.invalidRequest, 'Content-Type must be application/json.'];
    case 500:
      return [JSON_RPC.internalError, 'Internal error.'];
    default:
      return [JSON_RPC.invalidRequest, `Request rejected (HTTP ${status}).`];
  }
}
