import { JsonLogger, opsServerPort, startOpsServer } from '@lp/runtime';
import type { AddressInfo } from 'node:net';
import { allowedHostsOf, allowedOriginsOf, appUrlOf, type McpSvcEnv } from './config/mcp-svc.env.js';
import { GatewayClient } from './gateway/gateway.client.js';
import type { ToolVisibility } from './mcp/mcp-server.factory.js';
import { KeyCheck } from './mcp/key-check.js';
import { createMcpHttpServer } from './mcp/mcp.http.js';
import { TOOLS, ToolRegistry } from './tools/tool-registry.js';

export interface RunningMcpSvc {
  /** Base URL; MCP is at `${url}/mcp`. */
  url: string;
  /** Port of /metrics (METRICS_PORT, or the one picked). */
  metricsPort: number;
  close(): Promise<void>;
}

/** What tests may replace: the tools offered and who sees them. */
export interface McpSvcOverrides {
  registry?: ToolRegistry;
  isVisible?: ToolVisibility;
}

export async function startMcpSvc(env: McpSvcEnv, overrides: McpSvcOverrides = {}): Promise<RunningMcpSvc> {
  const logger = new JsonLogger('mcp-svc', env.LOG_LEVEL);
  const registry = overrides.registry ?? new ToolRegistry(TOOLS);
  const gateway = new GatewayClient({ baseUrl: env.GATEWAY_URL, timeoutMs: env.GATEWAY_TIMEOUT_MS });
  const app = createMcpHttpServer({
    deps: {
      registry,
      gateway,
      appUrl: appUrlOf(env),
      logger,
      isVisible: overrides.isVisible,
    },
    bodyLimitBytes: env.MCP_BODY_LIMIT_BYTES,
    allowedHosts: (boundPort) => allowedHostsOf(env, boundPort),
    allowedOrigins: allowedOriginsOf(env),
    accessLog: env.ACCESS_LOG === 'true',
    logger,
    keyCheck: new KeyCheck((authorization, clientAddress) => gateway.checkKey(authorization, clientAddress), { ttlMs: env.MCP_KEY_CHECK_CACHE_SECONDS * 1000 }),
    publicUrl: env.MCP_PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
  });
  await app.listen({ port: env.MCP_PORT, host: env.MCP_HOST });
  const { port } = app.server.address() as AddressInfo;
  const host = env.MCP_HOST.includes(':') ? `[${env.MCP_HOST}]` : env.MCP_HOST;
  const url = `http://${host}:${port}`;
  const metrics = await startOpsServer(env.METRICS_PORT, { gateway: () => gateway.healthz() }, env.METRICS_HOST);
  const metricsPort = opsServerPort(metrics);
  logger.event('log', 'mcp-svc started', { url: `${url}/mcp`, gateway: env.GATEWAY_URL, tools: registry.list().length, metrics_port: metricsPort });

  let closed = false;
  return {
    url,
    metricsPort,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await new Promise((resolve) => metrics.close(resolve));
    },
  };
}
