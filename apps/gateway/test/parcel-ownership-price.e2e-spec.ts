import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorEnvelope, ParcelFeatureView, ParcelReportView, SearchResponseView } from '@lp/contracts';
import { eventually, startTestStack, type TestStack } from '@lp/testing';

/**
 * Two parcel facts over HTTP and MCP on the demo data, each checked with plain SQL: the owner's
 * EGiB registration group (known with the regulation's words and labelled generated, or unknown
 * where the demo gives none, never a "no"), and the market block's estimated price (area × the
 * median of the land transactions of the parcel's gmina and land type, as percentile_cont gives it,
 * the same estimate the search filter judges by).
 */
describe('ownership and the price estimate as parcel facts (demo data)', () => {
  let stack: TestStack;
  let mcp: Client;
  const path = (id: string, rest = ''): string => `/v1/parcels/${encodeURIComponent(id)}${rest}`;
  const get = async <T>(url: string): Promise<T> => {
    const res = await stack.api().get<T>(url, { key: stack.apiKey });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    stack = await startTestStack({
      template: 'demo',
      services: ['parcel-svc', 'market-svc', 'search-svc', 'layer-svc'],
      gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RPC_TIMEOUT_MS: '30000' },
      mcp: true,
    });
    mcp = new Client({ name: 'ownership-price', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(stack.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${stack.apiKey}` } } }));
    // search-svc builds its index in the background at start; the estimate comes from it
    await eventually(
      async () => expect((await stack.api().post('/v1/search/parcels', { key: stack.apiKey, body: { region: '3021093', limit: 1 } })).status).toBe(200),
      180_000,
    );
  }, 300_000);
  afterAll(async () => {
    await mcp?.close();
    await stack?.stop();
  });

  it('a parcel with a registration group: its code, the regulation words and a generated source; REST, report, MCP agree', async () => {
    const [row] = await stack.sql<{ id: string; registration_group: string }>(
      `SELECT id, registration_group FROM layer_pub.parcels WHERE registration_group = '4' ORDER BY id LIMIT 1`,
    );
    const feature = await get<ParcelFeatureView>(path(row!.id));
    expect(feature.properties.ownership).toEqual({
      status: 'known',
      registration_group: '4',
      label_pl: 'gminy, związki międzygminne lub metropolitalne, jeżeli nie występują w zbiegu z użytkownikami wieczystymi',
      label_en: 'Gminas and inter-municipal or metropolitan unions, not in perpetual usufruct',
      source: { layer: 'parcels', attribute: 'registration_group', source_url: expect.stringMatching(/^generated:\/\//), generated: true },
    });
    const report = await get<ParcelReportView>(path(row!.id, '/report?language=pl'));
    expect(report.parcel.properties.ownership).toEqual(feature.properties.ownership);
    // the report says the parcels layer (which holds the groups) is generated, and its source note says the groups are
    expect(report.data_notice?.generated_layers).toContain('parcels');
    const [note] = await stack.sql<{ source_note: string }>(`SELECT source_note FROM layer_pub.layer_versions WHERE layer_id = 'parcels'`);
    expect(note!.source_note).toMatch(/registration groups .* are generated/);
    const pdf = await stack.api().get(path(row!.id, '/report?language=pl'), { key: stack.apiKey, headers: { accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    const tool = (await mcp.callTool({ name: 'get_parcel', arguments: { parcel_id: row!.id } })) as CallToolResult;
    expect(tool.isError).toBeFalsy();
    expect((tool.structuredContent as { ownership: unknown }).ownership).toEqual({
      status: 'known',
      registration_group: '4',
      label: feature.properties.ownership.label_en,
      generated: true,
    });
  });

  it('a parcel without a group is unknown, with a reason and no group: never null-as-no', async () => {
    const [row] = await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE registration_group IS NULL ORDER BY id LIMIT 1`);
    expect(row).toBeDefined();
    const { ownership } = (await get<ParcelFeatureView>(path(row!.id))).properties;
    expect(ownership.status).toBe('unknown');
    expect(ownership).not.toHaveProperty('registration_group');
    expect(ownership.reason).toMatch(/not "no owner"/);
    const tool = (await mcp.callTool({ name: 'get_parcel', arguments: { parcel_id: row!.id } })) as CallToolResult;
    expect((tool.structuredContent as { ownership: { status: string } }).ownership.status).toBe('unknown');
    expect((tool.content[0] as { text: string }).text).toContain('Owner: unknown');
  });

  it('the ownership filter over HTTP: every result is in the groups asked (plain SQL); a code outside the list is a 400 naming the allowed ones', async () => {
    const res = await stack.api().post<SearchResponseView>('/v1/search/parcels', {
      key: stack.apiKey,
      body: { region: '3021093', filters: { ownership_groups: { include: ['7', '15'] } }, limit: 50 },
    });
    expect(res.status).toBe(200);
    const ids = res.json().results.map((r) => r.parcel_id);
    expect(ids.length).toBeGreaterThan(0);
    const groups = await stack.sql<{ registration_group: string | null }>(`SELECT registration_group FROM layer_pub.parcels WHERE id = ANY($1::text[])`, [ids]);
    expect(groups.map((g) => g.registration_group).every((g) => g === '7' || g === '15')).toBe(true);
    const bad = await stack
      .api()
      .post<ErrorEnvelope>('/v1/search/parcels', { key: stack.apiKey, body: { region: '3021093', filters: { ownership_groups: { include: ['99'] } } } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toMatch(/99 is not an EGiB registration group; allowed: 1, 2, 3, .*, 16/);
  });

  it("the market block's estimate equals percentile_cont over the raw transactions and the search filter's estimate of the same parcel", async () => {
    const search = await stack.api().post<SearchResponseView>('/v1/search/parcels', {
      key: stack.apiKey,
      body: { region: '3021093', filters: { price_estimate_pln: { min: 0 } }, limit: 3 },
    });
    const results = search.json().results;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      const market = (await get<ParcelFeatureView>(path(result.parcel_id, '?include=market'))).properties.market!;
      expect(market.price_estimate).toEqual({ status: 'known', estimate: result.price_estimate });
      const estimate = market.price_estimate!.estimate!;
      const [sql] = await stack.sql<{ n: number; median: number; p25: number; p75: number }>(
        `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median,
                percentile_cont(0.25) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS p25, percentile_cont(0.75) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS p75
         FROM layer_pub.transactions WHERE teryt = $1 AND property_type = 'land' AND COALESCE(land_type, 'other') = $2
           AND date >= (SELECT max(date) - interval '3 years' FROM layer_pub.transactions WHERE property_type = 'land')`,
        [result.teryt, estimate.land_type],
      );
      expect(estimate.comparables).toBe(sql!.n);
      expect(estimate.median_price_per_sqm_pln).toBeCloseTo(sql!.median, 2);
      expect(estimate.p25_price_per_sqm_pln).toBeCloseTo(sql!.p25, 2);
      expect(estimate.p75_price_per_sqm_pln).toBeCloseTo(sql!.p75, 2);
      expect(Math.abs(estimate.price_pln - result.area_sqm * sql!.median)).toBeLessThanOrEqual(1);
      const report = await get<ParcelReportView>(path(result.parcel_id, '/report'));
      expect(report.market.price_estimate).toEqual(market.price_estimate);
    }
  });

  it('a parcel the filter cannot price is unknown in the market block, with the reason, never a price of 0', async () => {
    // a parcel whose zoning is unknown has no provable land type (price-estimate-sql.ts)
    const [row] = await stack.sql<{ parcel_id: string }>(
      `SELECT parcel_id FROM search.parcel_index WHERE zoning_source = 'unknown' ORDER BY parcel_id LIMIT 1`,
    );
    expect(row).toBeDefined();
    const market = (await get<ParcelFeatureView>(path(row!.parcel_id, '?include=market'))).properties.market!;
    expect(market.price_estimate?.status).toBe('unknown');
    expect(market.price_estimate).not.toHaveProperty('estimate');
    expect(market.price_estimate?.reason).toMatch(/unknown, not zero/);
  });
});
