import { metricsRegistry } from '@lp/runtime';
import { Histogram } from 'prom-client';

export const httpDuration = new Histogram({
  name: 'lp_mcp_http_request_duration_seconds',
  help: 'Tool server HTTP requests by route template, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
  registers: [metricsRegistry],
});

export const toolCallDuration = new Histogram({
  name: 'lp_mcp_tool_call_duration_seconds',
  help: 'MCP tool calls by tool and outcome (ok or the error code).',
  labelNames: ['tool', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
  registers: [metricsRegistry],
});
