import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ParcelComparisonView } from '@lp/contracts';
import { startTestStack, testEnvironment, type TestStack } from '@lp/testing';
import { join } from 'node:path';
import type { z } from 'zod';
import type { compareParcelsTool } from '../src/tools/compare-parcels.tool.js';
import type { parcelReportTool } from '../src/tools/parcel-report.tool.js';

type FormatsPlugin = typeof addFormatsModule.default;
const addFormats: FormatsPlugin = (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

type Comparison = z.output<typeof compareParcelsTool.outputSchema>;
type Report = z.output<typeof parcelReportTool.outputSchema>;

const TOOL_NAMES = [
  'search_parcels',
  'find_sites',
  'list_scenarios',
  'locate_parcel',
  'resolve_region',
  'get_parcel',
  'check_regulations',
  'check_constraints',
  'nearby',
  'market_comparables',
  'compare_parcels',
  'parcel_report',
  'list_layers',
  // our additions to the spec's tools: sites of several parcels and their report
  'find_assembled_sites',
  'site_report',
];

/**
 * The tool server driven by the SDK's own Client over Streamable HTTP, against the whole stack on the
 * demo data: every tool's structuredContent is checked against the output schema it advertises.
 */
describe('MCP tool server end to end (demo data)', () => {
  let stack: TestStack;
  let client: Client;
  let key: string;
  let tools: Map<string, Tool>;
  const validators = new Map<string, ValidateFunction>();
  let parcelId: string;
  let secondParcelId: string;
  let address: string;
  let point: { lat: number; lng: number };
  let blockedRegion: string;

  const connect = async (key: string): Promise<Client> => {
    const connected = new Client({ name: 'mcp-e2e', version: '1.0.0' });
    await connected.connect(new StreamableHTTPClientTransport(new URL(stack.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    return connected;
  };
  const call = async (name: string, args: Record<string, unknown> = {}, as: Client = client): Promise<CallToolResult> =>
    (await as.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result: CallToolResult): string => result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
  /** A successful call whose structuredContent matches the tool's advertised output schema. */
  const callOk = async <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> => {
    const result = await call(name, args);
    if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
    const validate = validators.get(name)!;
    if (!validate(result.structuredContent)) throw new Error(`${name} output breaks its schema: ${JSON.stringify(validate.errors)}`);
    expect(text(result).length).toBeGreaterThan(0);
    return result.structuredContent as T;
  };
  const readJson = async (uri: string): Promise<unknown> => {
    const [content] = (await client.readResource({ uri })).contents;
    return JSON.parse(content && 'text' in content ? content.text : 'null') as unknown;
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['layer-svc', 'geocode-svc', 'market-svc', 'parcel-svc', 'search-svc', 'watches-svc'], mcp: true });
    key = stack.apiKey;
    client = await connect(key);
    tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const tool of tools.values()) validators.set(tool.name, ajv.compile(tool.outputSchema ?? {}));

    const parcels = await stack.sql<{ id: string; lng: number; lat: number }>(
      `SELECT id, ST_X(c) AS lng, ST_Y(c) AS lat FROM layer_pub.parcels p, ST_Transform(ST_PointOnSurface(p.geom), 4326) c
        WHERE id LIKE '306401_1.0007.AR_%/%' ORDER BY id LIMIT 2`,
    );
    [parcelId, secondParcelId] = [parcels[0]!.id, parcels[1]!.id];
    point = { lat: parcels[0]!.lat, lng: parcels[0]!.lng };
    const addresses = await stack.sql<{ label: string }>(
      `SELECT s.street || ' ' || a.house_number || ', ' || s.locality AS label FROM geocode.address_points a JOIN geocode.address_streets s ON s.id = a.street_id
        WHERE s.street IS NOT NULL ORDER BY s.locality = 'Poznań' DESC, a.id LIMIT 1`,
    );
    address = addresses[0]!.label;
    const missing = await stack.sql<{ teryt: string }>(
      `SELECT c.teryt FROM layer_pub.region_coverage c JOIN layer_pub.region_coverage p ON p.teryt = c.teryt AND p.layer_id = 'parcels' AND p.status = 'available'
        WHERE c.layer_id = 'grid_capacity' AND c.status = 'missing' AND length(c.teryt) = 7 ORDER BY c.teryt LIMIT 1`,
    );
    blockedRegion = missing[0]!.teryt;
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await stack?.stop();
  });

  it('lists the 13 tools of the spec, find_assembled_sites and site_report, each read-only with a description, an input schema with bounds and an output schema', () => {
    expect([...tools.keys()].sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools.values()) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    expect(tools.get('search_parcels')!.inputSchema.properties!['limit']).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
    expect(tools.get('find_sites')!.inputSchema.required).toEqual(['scenario', 'region']);
    expect(tools.get('compare_parcels')!.inputSchema.properties!['parcel_ids']).toMatchObject({ minItems: 2, maxItems: 20 });
    expect(tools.get('check_constraints')!.inputSchema.properties!['buffer_m']).toMatchObject({ default: 100, maximum: 5000 });
    expect(tools.get('find_sites')!.description).toMatch(/Prefer it over search_parcels/);
  });

  it('writes every schema with one type (nullables and unions as anyOf), which clients with a single-type dialect can read', () => {
    const typeArrays = (schema: unknown, path: string): string[] => {
      if (schema === null || typeof schema !== 'object') return [];
      const own = Array.isArray((schema as { type?: unknown }).type) ? [path] : [];
      return [...own, ...Object.entries(schema).flatMap(([key, value]) => typeArrays(value, `${path}.${key}`))];
    };
    const found = [...tools.values()].flatMap((tool) => [...typeArrays(tool.inputSchema, `${tool.name}.input`), ...typeArrays(tool.outputSchema, `${tool.name}.output`)]);
    expect(found).toEqual([]);
    expect(tools.get('get_parcel')!.outputSchema!.properties!['nearest']).toMatchObject({ properties: { transit_stop_m: { anyOf: [{ type: 'number' }, { type: 'null' }] } } });
  });

  it('list_scenarios and list_layers return the catalogues', async () => {
    const scenarios = await callOk<{ scenarios: Array<{ id: string }> }>('list_scenarios');
    expect(scenarios.scenarios).toHaveLength(12);
    expect(scenarios.scenarios.map((scenario) => scenario.id)).toContain('bess_storage');
    const layers = await callOk<{ layers: Array<{ id: string; coverage: string }> }>('list_layers');
    expect(layers.layers.find((layer) => layer.id === 'grid_capacity')?.coverage).toBe('partial');
  });

  it('resolve_region lists both gminas Ostróda with their TERYT codes', async () => {
    const resolved = await callOk<{ units: Array<{ teryt: string }> }>('resolve_region', { name: 'ostroda' });
    expect(resolved.units.map((unit) => unit.teryt)).toEqual(expect.arrayContaining(['2815011', '2815092']));
  });

  it('locate_parcel finds a parcel by id, by a point inside it and by an address', async () => {
    const byId = await callOk<{ best: { parcel_id: string; map_url: string } }>('locate_parcel', { parcel: parcelId });
    expect(byId.best).toMatchObject({ parcel_id: parcelId, map_url: `${stack.appUrl}/p/${encodeURIComponent(parcelId)}` });
    const byPoint = await callOk<{ matched_by: string; best: { parcel_id: string; distance_m: number } }>('locate_parcel', point);
    expect(byPoint).toMatchObject({ matched_by: 'point', best: { parcel_id: parcelId, distance_m: 0 } });
    const byAddress = await callOk<{ matched_by: string; best: { address: string }; alternatives: unknown[] }>('locate_parcel', { address });
    expect(byAddress.matched_by).toBe('address');
    expect(byAddress.alternatives.length).toBeLessThanOrEqual(5);
  });

  it('get_parcel returns the spec\'s shape with map_url', async () => {
    const parcel = await callOk<Record<string, unknown>>('get_parcel', { parcel_id: parcelId });
    expect(Object.keys(parcel)).toEqual(
      expect.arrayContaining(['parcel_id', 'gmina', 'area_sqm', 'land_use_classes', 'zoning', 'blocking_constraints', 'terrain', 'nearest', 'map_url']),
    );
    expect(parcel).toMatchObject({ parcel_id: parcelId, gmina: 'Poznań', map_url: `${stack.appUrl}/p/${encodeURIComponent(parcelId)}` });
    // "substation" is one of at least 110 kV (the spec's "near a substation"), measured as PostGIS does
    const [truth] = await stack.sql<{ hv: number }>(
      `SELECT (SELECT min(ST_Distance(s.geom, p.geom)) FROM layer_pub.power_substations s WHERE s.voltage_kv >= 110)::float8 AS hv FROM layer_pub.parcels p WHERE p.parcel_id = $1`,
      [parcelId],
    );
    const nearest = parcel['nearest'] as { power_substation_m: number };
    expect(Math.abs(nearest.power_substation_m - truth!.hv)).toBeLessThanOrEqual(1);
  });

  it('check_regulations, check_constraints and nearby answer for the parcel', async () => {
    expect(await callOk('check_regulations', { parcel_id: parcelId })).toMatchObject({ parcel_id: parcelId, summary: expect.any(String) });
    expect(await callOk('check_constraints', { parcel_id: parcelId, buffer_m: 500 })).toMatchObject({ buffer_m: 500 });
    const nearby = await callOk<{ nearest: Array<{ kind: string }>; none_within: Array<{ kind: string }>; data_gaps: Array<{ layer: string }> }>('nearby', {
      parcel_id: parcelId,
      kinds: ['power_substation', 'transit_stop', 'school'],
    });
    expect(nearby.nearest.length + nearby.none_within.length + nearby.data_gaps.length).toBeGreaterThan(0);
  });

  it('market_comparables answers around a parcel and for a region given by name', async () => {
    expect(await callOk('market_comparables', { parcel_id: parcelId })).toMatchObject({ parcel_id: parcelId, radius_m: 2000 });
    expect(await callOk('market_comparables', { region: 'Poznań', property_type: 'land' })).toMatchObject({ region: { teryt: '3064011' }, radius_m: null });
  });

  it('reads the resources landparcel://scenarios, landparcel://layers and landparcel://regions/{teryt}', async () => {
    const scenarios = await readJson('landparcel://scenarios') as { scenarios: unknown[] };
    expect(scenarios.scenarios).toHaveLength(12);
    const layers = await readJson('landparcel://layers') as { layers: unknown[] };
    expect(layers.layers.length).toBeGreaterThan(10);
    const region = await readJson('landparcel://regions/3064011') as { name: string; layers_available: string[] };
    expect(region.name).toBe('Poznań');
    expect(region.layers_available).toContain('parcels');
    expect((await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual(['landparcel://regions/{teryt}', 'landparcel://watches/{id}/events']);
  });

  it("reads a watch's events as the resource landparcel://watches/{id}/events, the same events as the feed", async () => {
    const created = await stack.api().post<{ id: string }>('/v1/watches', { key, body: { parcel_ids: [parcelId] } });
    expect(created.status).toBe(201);
    const watchId = created.json().id;
    await stack.sql(`INSERT INTO watches.events (watch_id, type, parcel_id, criterion, delivery) VALUES ($1, 'coverage', $2, 'zoning', 'none'), ($1, 'facts_changed', $2, 'zoning', 'none')`, [watchId, parcelId]);
    const feed = (await stack.api().get<{ events: Array<{ id: string }> }>(`/v1/watches/${watchId}/events`, { key })).json();
    const read = (await readJson(`landparcel://watches/${watchId}/events`)) as { events: Array<{ id: string; type: string }>; next_cursor: null };
    expect(read.events.map((event) => event.id)).toEqual(feed.events.map((event) => event.id));
    expect(read.events.map((event) => event.type)).toEqual(['coverage', 'facts_changed']);
    await expect(client.readResource({ uri: 'landparcel://watches/w_00000000000000000000/events' })).rejects.toMatchObject({ code: -32002 });
    await expect(client.readResource({ uri: 'landparcel://watches/nope/events' })).rejects.toThrow(/watch id must look like/);
  });

  it('serves the same tools over stdio (npm run mcp:stdio) with the key from LP_API_KEY', async () => {
    const key = await stack.createKey(['search:read']);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(testEnvironment().repoRoot, 'apps/mcp-svc/dist/stdio.js')],
      env: { PATH: process.env['PATH'] ?? '', LP_API_KEY: key, GATEWAY_URL: stack.gatewayUrl, LOG_LEVEL: 'error' },
      stderr: 'pipe',
    });
    const local = new Client({ name: 'mcp-e2e-stdio', version: '1.0.0' });
    await local.connect(transport);
    try {
      expect((await local.listTools()).tools).toHaveLength(TOOL_NAMES.length);
      const result = (await local.callTool({ name: 'list_scenarios', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { scenarios: unknown[] }).scenarios).toHaveLength(12);
    } finally {
      await local.close();
    }
  });

  describe('keys', () => {
    it('an invalid key is refused at initialize with 401 and a challenge naming the protected-resource metadata', async () => {
      const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };
      const response = await fetch(stack.mcpUrl, {
        method: 'POST',
        headers: { authorization: 'Bearer lp_unknown_key', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(initialize),
      });
      expect(response.status).toBe(401);
      const metadataUrl = `${new URL(stack.mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`;
      expect(response.headers.get('www-authenticate')).toMatch(new RegExp(`^Bearer error="invalid_token", .*resource_metadata="${metadataUrl}"$`));
      expect(await response.json()).toMatchObject({ error: { code: -32001, message: expect.stringMatching(/^Invalid API key/) } });
      await expect(connect('lp_unknown_key')).rejects.toMatchObject({ code: 401 });

      const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({ resource: stack.mcpUrl, authorization_servers: [], bearer_methods_supported: ['header'] });
    });

    it('a valid key that lacks the scope of a route is still let in (its tools report the scope)', async () => {
      const reportsOnly = await connect(await stack.createKey(['reports:create']));
      expect((await reportsOnly.listTools()).tools).toHaveLength(TOOL_NAMES.length);
      await reportsOnly.close();
    });
  });

  describe('errors written for the model', () => {
    it('an ambiguous place lists the gminas and says to ask the user or call resolve_region', async () => {
      const result = await call('find_sites', { scenario: 'bess_storage', region: 'Ostróda' });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/ambiguous/);
      expect(text(result)).toMatch(/\(2815011\)/);
      expect(text(result)).toMatch(/\(2815092\)/);
      expect(text(result)).toMatch(/Ask the user .* resolve_region/);
    });

    it('a key without the tool\'s scope gets the missing scope named', async () => {
      const limited = await connect(await stack.createKey(['parcels:read']));
      try {
        const result = await call('list_layers', {}, limited);
        expect(result.isError).toBe(true);
        expect(text(result)).toMatch(/lacks the scope "layers:read"/);
      } finally {
        await limited.close();
      }
    });

    it('the search tools resolve a region, by name or TERYT code, with search:read alone (the scope the spec gives them)', async () => {
      const searchOnly = await connect(await stack.createKey(['search:read']));
      try {
        for (const region of ['Poznań', '3064011']) {
          const sites = await call('find_sites', { scenario: 'bess_storage', region, limit: 2 }, searchOnly);
          expect(sites.isError).toBeFalsy();
          expect(text(sites)).not.toMatch(/lacks the scope/);
          const assembled = await call('find_assembled_sites', { region, min_total_area_sqm: 20_000, limit: 1 }, searchOnly);
          expect(assembled.isError).toBeFalsy();
          expect(text(assembled)).not.toMatch(/lacks the scope/);
          const parcels = await call('search_parcels', { query: 'działka budowlana', region, limit: 2 }, searchOnly);
          expect(parcels.isError).toBeFalsy();
          expect(text(parcels)).not.toMatch(/lacks the scope/);
        }
      } finally {
        await searchOnly.close();
      }
    });

    it('arguments of the wrong type are a tool error naming the argument and what it takes, not a protocol error', async () => {
      const result = await call('get_parcel', { parcel_id: 42 });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^get_parcel did not run: its arguments are not valid\.\n- parcel_id invalid input: expected string, received number \(got number 42\)\. Allowed: a string/);
      const limit = await call('find_sites', { scenario: 'bess_storage', region: '3064011', limit: 'ten' });
      expect(text(limit)).toMatch(/- limit .*\(got string "ten"\)\. Allowed: an integer from 1 to 50.*default 10/);
      expect(text(limit)).not.toMatch(/invalid_type|"path"/);
    });

    it('reading a resource without its scope names the scope (not an internal error)', async () => {
      const limited = await connect(await stack.createKey(['parcels:read']));
      try {
        await expect(limited.readResource({ uri: 'landparcel://layers' })).rejects.toMatchObject({
          code: -32003,
          message: expect.stringMatching(/lacks the scope "layers:read"/),
          data: { code: 'insufficient_scope', scope: 'layers:read' },
        });
      } finally {
        await limited.close();
      }
    });

    it('an unknown parcel lists similar ids', async () => {
      const result = await call('get_parcel', { parcel_id: `${parcelId}9` });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^Not found:/);
    });

    it('input out of bounds is refused before any REST call', async () => {
      const result = await call('find_sites', { scenario: 'bess_storage', region: '3064011', limit: 51 });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/limit/);
    });
  });

  describe('structured search, compare and report', () => {
    it('find_sites runs a scenario over a region, with coverage', async () => {
      const sites = await callOk<{ scenario: { id: string }; region: { teryt: string }; results: Array<{ map_url: string }>; coverage: unknown[] }>('find_sites', {
        scenario: 'urban_residential_development',
        region: 'Poznań',
        params: { max_stop_m: 1000 },
        limit: 5,
      });
      expect(sites).toMatchObject({ scenario: { id: 'urban_residential_development' }, region: { teryt: '3064011' } });
      expect(sites.results.length).toBeLessThanOrEqual(5);
      expect(sites.coverage.length).toBeGreaterThan(0);
    });

    it('find_sites with few matches offers what would it take, each count that of the relaxed search run through REST', async () => {
      const sites = await call('find_sites', { scenario: 'urban_residential_development', region: 'Poznań', params: { max_stop_m: 100, min_area_sqm: 20000 }, limit: 5 });
      expect(sites.isError).toBeFalsy();
      const structured = sites.structuredContent as { matched: number; near_misses?: { relaxations: Array<{ parameter: string; to: number; matched: number }> } };
      expect(structured.matched).toBeLessThan(10);
      const relaxations = structured.near_misses!.relaxations;
      const reach = relaxations.find((r) => /^filters\.near\[\d+\]\.within_m$/.test(r.parameter))!;
      expect(reach).toBeDefined();
      const rest = async (path: string, body: unknown): Promise<{ matched: number; filters?: { near?: Array<{ within_m: number }> } }> => {
        const response = await fetch(`${stack.gatewayUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect(response.status).toBe(200);
        return (await response.json()) as { matched: number };
      };
      const request = await rest('/v1/scenarios/urban_residential_development/compile', { region: '3064011', params: { max_stop_m: 100, min_area_sqm: 20000 } });
      const index = Number(/\[(\d+)\]/.exec(reach.parameter)![1]);
      request.filters!.near![index]!.within_m = reach.to;
      expect((await rest('/v1/search/parcels', { ...request, limit: 1 })).matched).toBe(reach.matched);
      expect(text(sites)).toMatch(/What would it take|Relaxing these adds nothing/);
      // the same advice in the scenario's own parameters: each count is the relaxed scenario compiled and run through REST
      const parameters = (sites.structuredContent as { near_misses: { scenario_parameters: Array<{ parameter: string; from: number; to: number; matched: number; added: number }> } }).near_misses.scenario_parameters;
      expect(parameters.map((p) => p.parameter)).toEqual(expect.arrayContaining(['min_area_sqm', 'max_stop_m']));
      expect(parameters.find((p) => p.parameter === 'max_stop_m')).toMatchObject({ from: 100, to: 150 });
      for (const step of parameters) {
        const relaxed = await rest('/v1/scenarios/urban_residential_development/compile', { region: '3064011', params: { max_stop_m: 100, min_area_sqm: 20000, [step.parameter]: step.to } });
        expect((await rest('/v1/search/parcels', { ...relaxed, limit: 1 })).matched).toBe(step.matched);
        expect(step.added).toBe(step.matched - structured.matched);
      }
      if (parameters.some((p) => p.added > 0)) expect(text(sites)).toMatch(/in the scenario's parameters[\s\S]*→/);
      // few single parcels of 2 ha: the sites of neighbouring parcels are counted, as POST /v1/search/assemblies counts them
      const { area_sqm: _area, ...filters } = request.filters as Record<string, unknown>;
      const assembled = await rest('/v1/search/assemblies', { ...request, filters, limit: 1, assembly: { min_total_area_sqm: 20_000 } });
      expect((sites.structuredContent as { assembled_sites?: { matched: number } }).assembled_sites).toEqual({ matched: assembled.matched, min_total_area_sqm: 20_000 });
    });

    it('find_assembled_sites joins neighbouring parcels for a scenario; its members and sizes match the REST answer', async () => {
      const found = await callOk<{ candidates: number; results: Array<{ total_area_sqm: number; parcels: Array<{ parcel_id: string; map_url: string }> }> }>('find_assembled_sites', {
        region: 'Poznań',
        min_total_area_sqm: 20_000,
        limit: 3,
      });
      expect(found.results.length).toBeGreaterThan(0);
      for (const site of found.results) {
        expect(site.total_area_sqm).toBeGreaterThanOrEqual(20_000);
        expect(site.parcels.length).toBeGreaterThanOrEqual(1);
        expect(site.parcels[0]!.map_url).toContain('/p/');
      }
      const rest = await fetch(`${stack.gatewayUrl}/v1/search/assemblies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ region: '3064011', limit: 3, assembly: { min_total_area_sqm: 20_000 } }),
      });
      const view = (await rest.json()) as { candidates: number; results: Array<{ parcels: Array<{ parcel_id: string }> }> };
      expect(found.candidates).toBe(view.candidates);
      expect(found.results.map((s) => s.parcels.map((p) => p.parcel_id))).toEqual(view.results.map((s) => s.parcels.map((p) => p.parcel_id)));
      // each site points at its report; site_report makes it, its members the site's
      const pointer = (found.results[0] as unknown as { report: { tool: string; parcel_ids: string[]; max_gap_m: number } }).report;
      expect(pointer).toEqual({ tool: 'site_report', parcel_ids: found.results[0]!.parcels.map((p) => p.parcel_id), max_gap_m: 5 });
      if (pointer.parcel_ids.length >= 2) {
        const report = await callOk<{ parcel_ids: string[]; pdf_url: string; summary: string | null; total_area_sqm: number | null }>('site_report', { parcel_ids: pointer.parcel_ids, max_gap_m: pointer.max_gap_m });
        expect([...report.parcel_ids].sort()).toEqual([...pointer.parcel_ids].sort());
        expect(report.pdf_url).toMatch(/\/v1\/reports\/[A-Za-z0-9_-]{43}\.pdf$/);
        expect(report.total_area_sqm).toBeCloseTo(found.results[0]!.total_area_sqm, 0);
        expect(report.summary).toMatch(/neighbouring parcels/);
      }
      const scenario = await call('find_assembled_sites', { region: 'Poznań', scenario: 'logistics_warehouse', min_total_area_sqm: 50_000, limit: 2 });
      expect(scenario.isError).toBeFalsy();
      expect(text(scenario)).toMatch(/ites of at least/);
    });

    it('find_sites and search_parcels tell the model that "not contaminated" was not checked', async () => {
      const sites = await call('find_sites', { scenario: 'brownfield_redevelopment', region: 'Poznań', limit: 5 });
      expect(sites.isError).toBeFalsy();
      expect(sites.structuredContent).toMatchObject({ coverage: expect.arrayContaining([expect.objectContaining({ criterion: 'not_contaminated', mode: 'screens', status: 'missing' })]) });
      expect(text(sites)).toMatch(/Not fully checked \(tell the user\):[\s\S]*not_contaminated \(Not contaminated\) \[screens, missing\]/);
      const found = await call('search_parcels', { query: 'teren poprzemysłowy', region: 'Poznań', limit: 3 });
      expect(text(found)).toMatch(/not_contaminated \[screens, missing\]/);
    });

    it('search_parcels leads with a partial-answer warning when words of the query were left out', async () => {
      const partial = await call('search_parcels', { query: 'działka w Poznaniu z widokiem na jezioro', limit: 3 });
      expect(partial.isError ? text(partial) : 'answered').toBe('answered');
      expect(partial.structuredContent).toMatchObject({ interpretation: { complete: false } });
      expect(text(partial).split('\n')[0]).toMatch(/^PARTIAL ANSWER/);
      const whole = await call('search_parcels', { query: 'działki w Poznaniu', limit: 3 });
      expect(whole.structuredContent).toMatchObject({ interpretation: { complete: true } });
      expect(text(whole)).not.toMatch(/PARTIAL ANSWER/);
    });

    it('a blocked search is an error result naming the criterion without data', async () => {
      const result = await call('find_sites', { scenario: 'bess_storage', region: blockedRegion });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/The search is blocked: .*near:grid_capacity/);
      expect(text(result)).toMatch(/NOT "no parcel matches"/);
      expect(result.structuredContent).toMatchObject({ blocked: true, results: [] });
    });

    it('search_parcels answers a plain-language query with the spec\'s shape', async () => {
      const found = await callOk<{ interpretation: { region: { teryt: string } }; results: Array<{ why: string[]; map_url: string }> }>('search_parcels', {
        query: 'flat vacant plots near public transport',
        region: 'Poznań',
        limit: 3,
      });
      expect(found.interpretation.region.teryt).toBe('3064011');
      expect(found.results.length).toBeLessThanOrEqual(3);
    });

    it('compare_parcels puts two parcels side by side with a scenario, cell for cell as POST /v1/parcels/compare', async () => {
      const scenario = 'urban_residential_development';
      const unknownId = `${parcelId}9`;
      const comparison = await callOk<Comparison>('compare_parcels', { parcel_ids: [parcelId, secondParcelId, unknownId], scenario });
      const rest = await fetch(`${stack.gatewayUrl}/v1/parcels/compare`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ parcel_ids: [parcelId, secondParcelId, unknownId], scenario }),
      });
      expect(rest.status).toBe(200);
      const view = (await rest.json()) as ParcelComparisonView;

      expect(comparison).toMatchObject({ scenario, missing: [unknownId] });
      expect(comparison.rows.map((row) => row.parcel_id)).toEqual([parcelId, secondParcelId]);
      comparison.rows.forEach((row, index) => {
        // The tool folds the zoning columns into one text cell and drops teryt; the rest is the REST row.
        const { teryt, zoning_source, zoning_symbol, zoning_category, scenario_fit: fit, ...cells } = view.rows[index]!;
        expect(row).toMatchObject({ ...cells, map_url: `${stack.appUrl}/p/${encodeURIComponent(row.parcel_id)}` });
        expect(row.scenario_fit).toEqual({ passes: fit!.passes, failed_criteria: fit!.failed_criteria, unverified_criteria: fit!.unverified_criteria });
      });
      const { scenario_passes: passes, ...best } = view.best;
      expect(comparison.best).toEqual(best);
      expect(comparison.scenario_passes).toEqual(passes);
      expect(Object.keys(comparison.best).length).toBeGreaterThan(0);
    });

    it('parcel_report returns the summary and a PDF link that opens without a key', async () => {
      const scenario = 'urban_residential_development';
      const report = await callOk<Report>('parcel_report', { parcel_id: parcelId, scenario, language: 'pl' });
      expect(report).toMatchObject({ parcel_id: parcelId, language: 'pl', scenario_fit: { scenario }, map_url: `${stack.appUrl}/p/${encodeURIComponent(parcelId)}` });
      expect(report.summary).toEqual(expect.any(String));
      expect(report.pdf_url).toMatch(new RegExp(`^${stack.gatewayUrl}/v1/reports/[A-Za-z0-9_-]{43}\\.pdf$`));
      expect(Date.parse(report.expires_at)).toBeGreaterThan(Date.now());

      const pdf = await fetch(report.pdf_url);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('parcel_report with a key that may create links but not read parcels still returns the link', async () => {
      const linkOnly = await connect(await stack.createKey(['reports:create']));
      try {
        const result = await call('parcel_report', { parcel_id: parcelId }, linkOnly);
        expect(result.isError).toBeFalsy();
        expect(validators.get('parcel_report')!(result.structuredContent)).toBe(true);
        expect(result.structuredContent).toMatchObject({ parcel_id: parcelId, language: 'en', summary: null, market: null, data_gaps: [] });
      } finally {
        await linkOnly.close();
      }
    });
  });
});
