import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { loadEnv } from '@lp/runtime';
import { McpSvcEnv } from './config/mcp-svc.env.js';
import { startMcpSvc } from './mcp-svc.app.js';

describe('mcp-svc ports', () => {
  it('serves /metrics on its metrics port only, never on the public MCP port', async () => {
    const running = await startMcpSvc(loadEnv(McpSvcEnv, { GATEWAY_URL: 'http://127.0.0.1:9', MCP_PORT: '0', LOG_LEVEL: 'error', ACCESS_LOG: 'false' }));
    try {
      expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
      const metrics = await fetch(`http://127.0.0.1:${running.metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('lp_mcp_http_request_duration_seconds');
      expect(running.metricsPort).not.toBe(Number(new URL(running.url).port));
    } finally {
      await running.close();
    }
  });
});
