import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadEnv } from '@lp/runtime';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McpSvcEnv } from '../config/mcp-svc.env.js';
import { startMcpSvc, type RunningMcpSvc } from '../mcp-svc.app.js';
import { defineTool, READ_ONLY_TOOL } from '../tools/tool-definition.js';
import { ToolRegistry } from '../tools/tool-registry.js';

const KEY = 'Bearer lp_test_AbC123.x-y_z~';
/** A key the fake gateway refuses with 401. */
const BAD_KEY = 'Bearer lp_revoked_0000';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A tool that exists only in this test: one REST call through the caller's gateway client. */
const parcelAreaTool = defineTool({
  name: 'parcel_area',
  title: 'Parcel area',
  description: 'Area of one parcel, for testing the tool server plumbing.',
  scope: 'parcels:read',
  inputSchema: z.object({ parcel_id: z.string().min(1) }),
  outputSchema: z.object({ parcel_id: z.string(), area_sqm: z.number(), map_url: z.string() }),
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id }, ctx) {
    const feature = await ctx.gateway.get<{ properties: { parcel_id: string; area_sqm: number } }>(`/v1/parcels/${encodeURIComponent(parcel_id)}`);
    const { area_sqm } = feature.properties;
    return {
      structuredContent: { parcel_id, area_sqm, map_url: `${ctx.appUrl}/p/${encodeURIComponent(parcel_id)}` },
      text: `Parcel ${parcel_id} has ${area_sqm} m2.`,
    };
  },
});

describe('tool server over Streamable HTTP', () => {
  let gateway: Server;
  let decoy: Server;
  const gatewaySeen: Seen[] = [];
  const decoySeen: Seen[] = [];
  let mcp: RunningMcpSvc;
  let port: number;

  beforeAll(async () => {
    gateway = await listen((req, res) => {
      gatewaySeen.push({ url: req.url ?? '', headers: req.headers });
      const path = decodeURIComponent((req.url ?? '').split('?')[0]);
      if (path === '/healthz') return json(res, 200, { status: 'ok', checks: {} });
      if (path === '/v1/parcels/autocomplete') {
        // As the real gateway: the key is judged before the missing q is.
        if (req.headers.authorization === BAD_KEY) return json(res, 401, { error: { code: 'unauthorized', message: 'Invalid API key.', request_id: 'r' } });
        return json(res, 400, { error: { code: 'invalid_request', message: 'q must be a string', request_id: 'r' } });
      }
      if (path === '/v1/parcels/146518_8.0108.27/1') {
        return json(res, 200, { type: 'Feature', properties: { parcel_id: '146518_8.0108.27/1', area_sqm: 1234.5 }, geometry: null });
      }
      if (path.startsWith('/v1/parcels/')) {
        return json(res, 404, { error: { code: 'not_found', message: 'No parcel with this id', request_id: String(req.headers['x-request-id']), candidates: ['146518_8.0108.27/1', '146518_8.0108.27/2'] } });
      }
      json(res, 404, { error: { code: 'not_found', message: 'no route' } });
    });
    decoy = await listen((req, res) => {
      decoySeen.push({ url: req.url ?? '', headers: req.headers });
      json(res, 200, {});
    });
    const env = loadEnv(McpSvcEnv, {
      MCP_PORT: '0',
      GATEWAY_URL: `http://127.0.0.1:${portOf(gateway)}`,
      APP_URL: `http://127.0.0.1:${portOf(decoy)}`,
      MCP_ALLOWED_ORIGINS: 'https://chat.example.pl',
      MCP_BODY_LIMIT_BYTES: '4096',
      LOG_LEVEL: 'fatal',
      ACCESS_LOG: 'false',
    });
    mcp = await startMcpSvc(env, { registry: new ToolRegistry([parcelAreaTool]) });
    port = Number(new URL(mcp.url).port);
  });

  afterAll(async () => {
    await mcp.close();
    for (const server of [gateway, decoy]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const connect = async (url = mcp.url): Promise<Client> => {
    const client = new Client({ name: 'mcp-svc-spec', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: KEY } } }));
    return client;
  };

  it('initializes statelessly and lists the registry tools with their schemas and annotations', async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()?.name).toBe('landparcel');
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['parcel_area']);
      expect(tools[0].annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tools[0].inputSchema.required).toEqual(['parcel_id']);
      expect(tools[0].outputSchema?.properties).toHaveProperty('area_sqm');
    } finally {
      await client.close();
    }
  });

  it('calls the gateway with the caller key unchanged, and only the gateway', async () => {
    const client = await connect();
    const before = gatewaySeen.length;
    try {
      const result = await client.callTool({ name: 'parcel_area', arguments: { parcel_id: '146518_8.0108.27/1' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({
        parcel_id: '146518_8.0108.27/1',
        area_sqm: 1234.5,
        map_url: `http://127.0.0.1:${portOf(decoy)}/p/146518_8.0108.27%2F1`,
      });
      expect(result.content).toEqual([{ type: 'text', text: 'Parcel 146518_8.0108.27/1 has 1234.5 m2.' }]);
    } finally {
      await client.close();
    }
    const calls = gatewaySeen.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/v1/parcels/146518_8.0108.27%2F1');
    expect(calls[0].headers.authorization).toBe(KEY);
    expect(calls[0].headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]+$/);
    expect(decoySeen).toEqual([]);
  });

  it('answers a gateway 404 with a tool error listing the candidates', async () => {
    const client = await connect();
    try {
      const result = await client.callTool({ name: 'parcel_area', arguments: { parcel_id: '146518_8.0108.27' } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/Close matches: 146518_8\.0108\.27\/1, 146518_8\.0108\.27\/2.*retry parcel_area/) }]);
    } finally {
      await client.close();
    }
  });

  it('rejects arguments that break the input schema without calling the gateway', async () => {
    const client = await connect();
    const before = gatewaySeen.length;
    try {
      const result = await client.callTool({ name: 'parcel_area', arguments: { parcel_id: '' } });
      expect(result.isError).toBe(true);
      expect(gatewaySeen.length).toBe(before);
    } finally {
      await client.close();
    }
  });

  it('refuses a request without an Authorization header with 401 and a Bearer challenge', async () => {
    const response = await post({ host: `127.0.0.1:${port}` }, initializeBody());
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe(`Bearer resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp"`);
    expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 }, id: null });
  });

  it('refuses a key the gateway refuses at initialize, asking the gateway once per key while it remembers', async () => {
    const probes = (): number => gatewaySeen.filter((seen) => seen.url === '/v1/parcels/autocomplete' && seen.headers.authorization === BAD_KEY).length;
    const before = probes();
    for (const body of [initializeBody(), JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })]) {
      const response = await post({ host: `localhost:${port}`, authorization: BAD_KEY }, body);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        `Bearer error="invalid_token", error_description="The API key is unknown or revoked", resource_metadata="http://localhost:${port}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32001, message: expect.stringMatching(/^Invalid API key/) }, id: null });
    }
    expect(probes() - before).toBe(1);
    const client = new Client({ name: 'mcp-svc-spec', version: '0.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${mcp.url}/mcp`), { requestInit: { headers: { Authorization: BAD_KEY } } });
    await expect(client.connect(transport)).rejects.toMatchObject({ code: 401 });
  });

  it('publishes protected-resource metadata (RFC 9728): bearer keys in the header, no authorization server', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await send('GET', path, { host: `localhost:${port}` });
      expect(response.status).toBe(200);
      const metadata = OAuthProtectedResourceMetadataSchema.parse(JSON.parse(response.body));
      expect(metadata).toMatchObject({ resource: `http://localhost:${port}/mcp`, authorization_servers: [], bearer_methods_supported: ['header'] });
      expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['parcels:read', 'search:read']));
    }
    // A forged Host is never written into the answer.
    const forged = await send('GET', '/.well-known/oauth-protected-resource/mcp', { host: 'evil.example' });
    expect(JSON.parse(forged.body).resource).toBe(`http://127.0.0.1:${port}/mcp`);
  });

  it('answers arguments of the wrong type with a tool error that names the argument and what it takes', async () => {
    const client = await connect();
    const before = gatewaySeen.length;
    try {
      const result = (await client.callTool({ name: 'parcel_area', arguments: { parcel_id: 42, extra: true } })) as CallToolResult;
      expect(result.isError).toBe(true);
      const [content] = result.content;
      expect(content).toEqual({ type: 'text', text: expect.stringContaining('parcel_area did not run: its arguments are not valid.') });
      const text = content?.type === 'text' ? content.text : '';
      expect(text).toMatch(/^- parcel_id invalid input: expected string, received number \(got number 42\)\. Allowed: a string of at least 1 characters\.$/m);
      expect(text).not.toMatch(/"code"|invalid_type|\[\s*\{/);
      const missing = (await client.callTool({ name: 'parcel_area', arguments: {} })) as CallToolResult;
      expect(missing.content).toEqual([{ type: 'text', text: expect.stringMatching(/- parcel_id is required but missing\. Allowed: a string/) }]);
      const unknown = (await client.callTool({ name: 'parcel_size', arguments: {} })) as CallToolResult;
      expect(unknown).toMatchObject({ isError: true, content: [{ type: 'text', text: 'There is no tool named "parcel_size". The tools of this server are: parcel_area.' }] });
    } finally {
      await client.close();
    }
    expect(gatewaySeen.length).toBe(before);
  });

  it('lets the SDK client fail to connect without a key', async () => {
    const client = new Client({ name: 'mcp-svc-spec', version: '0.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${mcp.url}/mcp`)))).rejects.toMatchObject({ code: 401, message: expect.stringContaining('Missing API key') });
  });

  it('refuses a foreign Host header (DNS rebinding) even with a key', async () => {
    const response = await post({ host: `evil.example:${port}`, authorization: KEY }, initializeBody());
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.message).toMatch(/Invalid Host header/);
  });

  it('refuses an Origin that is not allowed and accepts one that is', async () => {
    const foreign = await post({ host: `localhost:${port}`, authorization: KEY, origin: 'https://evil.example' }, initializeBody());
    expect(foreign.status).toBe(403);
    const allowed = await post({ host: `localhost:${port}`, authorization: KEY, origin: 'https://chat.example.pl' }, initializeBody());
    expect(allowed.status).toBe(200);
    expect(JSON.parse(allowed.body).result.serverInfo.name).toBe('landparcel');
  });

  it('answers GET and DELETE on /mcp with 405, having no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await send(method, '/mcp', { host: `127.0.0.1:${port}`, authorization: KEY });
      expect(response.status).toBe(405);
      expect(response.headers['allow']).toBe('POST');
      expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  it('refuses a body over the limit with a JSON-RPC error', async () => {
    const response = await post({ host: `127.0.0.1:${port}`, authorization: KEY }, JSON.stringify({ ...JSON.parse(initializeBody()), padding: 'x'.repeat(5000) }));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('answers a 10 MB body with a clean 413 the client can read, not a dropped connection', async () => {
    const body = JSON.stringify({ ...JSON.parse(initializeBody()), padding: 'x'.repeat(10 * 1024 * 1024) });
    const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/at most \d+ bytes/) } });
  });

  it('answers malformed JSON with a parse error', async () => {
    const response = await post({ host: `127.0.0.1:${port}`, authorization: KEY }, '{"jsonrpc":');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: -32700 } });
  });

  it('serves health and readiness (asking the gateway without a key) on its port, and never its metrics', async () => {
    expect((await send('GET', '/healthz', {})).status).toBe(200);
    const before = gatewaySeen.length;
    const ready = await send('GET', '/readyz', {});
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ok', checks: { gateway: 'ok' } });
    expect(gatewaySeen[before].url).toBe('/healthz');
    expect(gatewaySeen[before].headers.authorization).toBeUndefined();
    expect((await send('GET', '/metrics', {})).status).toBe(404);
  });

  it('echoes the caller request id', async () => {
    const response = await send('GET', '/healthz', { 'x-request-id': 'trace-123' });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('offers the 15 production tools (the 13 of the spec, find_assembled_sites and site_report) and the landparcel resources with the production registry', async () => {
    const env = loadEnv(McpSvcEnv, { MCP_PORT: '0', GATEWAY_URL: `http://127.0.0.1:${portOf(gateway)}`, LOG_LEVEL: 'fatal', ACCESS_LOG: 'false' });
    const production = await startMcpSvc(env);
    try {
      const client = await connect(production.url);
      expect((await client.listTools()).tools).toHaveLength(15);
      expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual(['landparcel://scenarios', 'landparcel://layers']);
      await client.close();
    } finally {
      await production.close();
    }
  });

  function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  function post(headers: Record<string, string>, body: string): ReturnType<typeof send> {
    return send('POST', '/mcp', headers, body);
  }
});

function initializeBody(): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function json(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
