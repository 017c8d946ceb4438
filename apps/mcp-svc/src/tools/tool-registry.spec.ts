import { describe, expect, it } from '@jest/globals';
import { JsonLogger } from '@lp/runtime';
import { z } from 'zod';
import { GatewayError } from '../gateway/gateway-error.js';
import { GatewayClient } from '../gateway/gateway.client.js';
import { READ_ONLY_TOOL, type AnyTool, type ToolContext } from './tool-definition.js';
import { TOOLS, ToolRegistry } from './tool-registry.js';
import { runTool } from './tool-runner.js';

// Typed loosely on purpose: some cases return output that breaks the schema.
const fakeTool = (name: string, run: AnyTool['run'] = async () => ({ structuredContent: { ok: true }, text: 'ok' })): AnyTool => ({
  name,
  title: 'Fake',
  description: 'A tool that exists only in this test.',
  scope: 'parcels:read',
  inputSchema: z.object({ parcel_id: z.string() }),
  outputSchema: z.object({ ok: z.boolean() }),
  annotations: READ_ONLY_TOOL,
  run,
});

const context: ToolContext = {
  gateway: new GatewayClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 100 }),
  appUrl: 'http://127.0.0.1:8080',
  requestId: 'req-9',
};
const logger = new JsonLogger('mcp-svc-test', 'fatal');

describe('ToolRegistry', () => {
  it('ships the 13 tools of the spec and find_assembled_sites, read-only, each with the scope the spec gives it', () => {
    const scopes = Object.fromEntries(new ToolRegistry(TOOLS).list().map((tool) => [tool.name, tool.scope]));
    expect(scopes).toEqual({
      search_parcels: 'search:read',
      find_sites: 'search:read',
      list_scenarios: 'search:read',
      locate_parcel: 'parcels:read',
      resolve_region: 'parcels:read',
      get_parcel: 'parcels:read',
      check_regulations: 'parcels:read',
      check_constraints: 'parcels:read',
      nearby: 'parcels:read',
      market_comparables: 'market:read',
      compare_parcels: 'parcels:read',
      parcel_report: 'reports:create',
      list_layers: 'layers:read',
      find_assembled_sites: 'search:read',
    });
    for (const tool of TOOLS) expect(tool.annotations.readOnlyHint).toBe(true);
  });

  it('lists tools by name', () => {
    const registry = new ToolRegistry([fakeTool('alpha'), fakeTool('beta')]);
    expect(registry.list().map((tool) => tool.name)).toEqual(['alpha', 'beta']);
    expect(registry.get('beta')?.name).toBe('beta');
    expect(registry.get('gamma')).toBeUndefined();
  });

  it('refuses two tools with one name', () => {
    expect(() => new ToolRegistry([fakeTool('alpha'), fakeTool('alpha')])).toThrow(/registered twice/);
  });

  it('refuses a name that is not snake_case', () => {
    expect(() => new ToolRegistry([fakeTool('Get-Parcel')])).toThrow(/snake_case/);
  });
});

describe('runTool', () => {
  it('returns the text and the structured content of a successful call', async () => {
    const result = await runTool(fakeTool('alpha'), { parcel_id: 'x' }, context, logger);
    expect(result).toEqual({ content: [{ type: 'text', text: 'ok' }], structuredContent: { ok: true } });
  });

  it('turns a gateway error into a tool error for the model', async () => {
    const tool = fakeTool('alpha', async () => {
      throw new GatewayError('rate_limited', 429, 'Too many requests', [], 9);
    });
    const result = await runTool(tool, { parcel_id: 'x' }, context, logger);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('Retry after 9 seconds') }]);
  });

  it('hides an output that breaks the tool schema behind an internal error', async () => {
    const tool = fakeTool('alpha', async () => ({ structuredContent: { ok: 'yes' }, text: 'ok' }));
    const result = await runTool(tool, { parcel_id: 'x' }, context, logger);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('req-9') }]);
  });
});
