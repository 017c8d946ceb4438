import 'reflect-metadata';
import { loadEnv } from '@lp/runtime';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { randomUUID } from 'node:crypto';
import { McpStdioEnv } from './config/mcp-stdio.env.js';
import { appUrlOf } from './config/mcp-svc.env.js';
import { GatewayClient } from './gateway/gateway.client.js';
import { createMcpServer } from './mcp/mcp-server.factory.js';
import { TOOLS, ToolRegistry } from './tools/tool-registry.js';
import type { EventLogger } from './tools/tool-runner.js';

/**
 * stdio mode for local agent clients: the same tools and resources as over HTTP, one session per
 * process, the key from LP_API_KEY. stdout belongs to the protocol, so logs go to stderr.
 */
const LEVELS = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'] as const;

function stderrLogger(minLevel: (typeof LEVELS)[number]): EventLogger {
  const minRank = LEVELS.indexOf(minLevel);
  return {
    event(level, msg, fields) {
      if (LEVELS.indexOf(level) < minRank) return;
      process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), service: 'mcp-svc-stdio', level, msg, ...fields })}\n`);
    },
  };
}

let env: McpStdioEnv;
try {
  env = loadEnv(McpStdioEnv);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
const logger = stderrLogger(env.LOG_LEVEL);
const server = createMcpServer(
  {
    registry: new ToolRegistry(TOOLS),
    gateway: new GatewayClient({ baseUrl: env.GATEWAY_URL, timeoutMs: env.GATEWAY_TIMEOUT_MS }),
    appUrl: appUrlOf(env),
    logger,
  },
  { authorization: `Bearer ${env.LP_API_KEY}`, requestId: `stdio-${randomUUID()}` },
);
await server.connect(new StdioServerTransport());
logger.event('log', 'mcp-svc stdio started', { gateway: env.GATEWAY_URL, tools: TOOLS.length });
const stop = (): void => void server.close().finally(() => process.exit(0));
process.stdin.once('end', stop);
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
