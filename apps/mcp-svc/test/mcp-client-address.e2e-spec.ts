import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestStack, type TestStack } from '@lp/testing';
import { randomBytes } from 'node:crypto';

const FAILURES_PER_MINUTE = 6;
const PARCEL_ID = '306401_1.0012.3';
const ATTACKER = '203.0.113.66';
const OTHER_CLIENT = '198.51.100.23';

/** A key in the gateway's format that no row holds. */
const unknownKey = (): string => `lp_${randomBytes(5).toString('hex')}_${randomBytes(32).toString('base64url')}`;

/**
 * Every MCP client reaches the gateway through mcp-svc. Unless mcp-svc names its client to the
 * gateway, the gateway's per-address budget of failed key lookups is one budget for every MCP
 * client: one client sending bad keys through MCP would refuse every other client's valid keys.
 * Here both sit behind one proxy (the test client stands in for the ingress controller, naming
 * the client in X-Forwarded-For), mcp-svc and the gateway each trusting that one hop.
 */
describe('MCP clients behind one proxy', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      mcp: true,
      gatewayEnv: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(FAILURES_PER_MINUTE), TRUST_PROXY: '1' },
      // every request asks the gateway, so each bad key is a failed lookup there
      mcpEnv: { TRUST_PROXY: '1', MCP_KEY_CHECK_CACHE_SECONDS: '0' },
    });
  });
  afterAll(() => stack?.stop());

  /** The status of an MCP initialize sent for `client` with `key`. */
  const initialize = async (key: string, client: string): Promise<number> => {
    const response = await fetch(stack.mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': client, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
      }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  /** get_parcel called through the SDK's client for `client` with `key`. */
  const getParcel = async (key: string, client: string): Promise<CallToolResult> => {
    const connected = new Client({ name: 'mcp-address-e2e', version: '1.0.0' });
    await connected.connect(
      new StreamableHTTPClientTransport(new URL(stack.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': client } } }),
    );
    try {
      return (await connected.callTool({ name: 'get_parcel', arguments: { parcel_id: PARCEL_ID } })) as CallToolResult;
    } finally {
      await connected.close();
    }
  };
  const text = (result: CallToolResult): string => result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');

  it("count failed key lookups against the client that sent them, not against mcp-svc: one client's bad keys do not refuse another's", async () => {
    const attempts: number[] = [];
    for (let i = 0; i < FAILURES_PER_MINUTE; i++) attempts.push(await initialize(unknownKey(), ATTACKER));
    expect(attempts).toEqual(Array(FAILURES_PER_MINUTE).fill(401));
    // the gateway counted them against the attacker's address: the raw layer it refuses from is the same
    const direct = await stack.api().get('/v1/parcels/' + PARCEL_ID, { key: unknownKey(), headers: { 'x-forwarded-for': ATTACKER } });
    expect(direct.status).toBe(429);

    // fresh valid keys of another client, through the same mcp-svc: answered, with the parcel the database holds
    const [expected] = await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE id = $1`, [PARCEL_ID]);
    for (let i = 0; i < 3; i++) {
      const key = await stack.createKey(['parcels:read'], { name: `mcp-victim-${i}` });
      expect(await initialize(key, OTHER_CLIENT)).toBe(200);
      const result = await getParcel(key, OTHER_CLIENT);
      expect([result.isError ?? false, text(result).slice(0, 200)]).toEqual([false, expect.any(String)]);
      expect(result.structuredContent).toMatchObject({ parcel_id: expected!.id });
    }

    // the attacker's own address stays refused by the gateway, even with a valid key sent through MCP
    const blocked = await getParcel(await stack.createKey(['parcels:read']), ATTACKER);
    expect(blocked.isError).toBe(true);
    expect(text(blocked)).toMatch(/without a valid API key from this address/);
  });
});
