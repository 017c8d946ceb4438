import { isErrorCode } from '@lp/contracts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { performance } from 'node:perf_hooks';
import { GatewayError } from '../gateway/gateway-error.js';
import { toolCallDuration } from '../http/mcp-metrics.js';
import type { AnyTool, ToolContext } from './tool-definition.js';
import { toolErrorResult } from './tool-errors.js';

/** What the runner logs with: the JSON logger over HTTP, a stderr logger in stdio mode. */
export interface EventLogger {
  event(level: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal', msg: string, fields: Record<string, unknown>): void;
}

/**
 * Runs one tool call (arguments already validated by the SDK against inputSchema): checks the
 * output against outputSchema, turns any failure into a tool error for the model, and records
 * a metric and a log line per call.
 */
export async function runTool(tool: AnyTool, args: Record<string, unknown>, ctx: ToolContext, logger: EventLogger): Promise<CallToolResult> {
  const started = performance.now();
  let outcome = 'ok';
  try {
    const output = await tool.run(args, ctx);
    const checked = tool.outputSchema.safeParse(output.structuredContent);
    if (!checked.success) {
      outcome = 'invalid_output';
      logger.event('error', 'tool output does not match its schema', { request_id: ctx.requestId, tool: tool.name, issues: checked.error.issues });
      return toolErrorResult(new Error('invalid output'), { tool: tool.name, scope: tool.scope, requestId: ctx.requestId });
    }
    if (output.isError) outcome = 'unanswerable';
    return { content: [{ type: 'text', text: output.text }], structuredContent: checked.data, ...(output.isError ? { isError: true } : {}) };
  } catch (error) {
    if (error instanceof GatewayError) {
      outcome = isErrorCode(error.code) || error.code === 'cancelled' ? error.code : 'other';
    } else {
      outcome = 'internal';
      logger.event('error', 'tool failed', { request_id: ctx.requestId, tool: tool.name, error: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
    }
    return toolErrorResult(error, { tool: tool.name, scope: tool.scope, requestId: ctx.requestId });
  } finally {
    const seconds = (performance.now() - started) / 1000;
    toolCallDuration.observe({ tool: tool.name, outcome }, seconds);
    logger.event(outcome === 'ok' ? 'log' : 'warn', 'tool call', { request_id: ctx.requestId, tool: tool.name, outcome, duration_ms: Math.round(seconds * 10_000) / 10 });
  }
}
