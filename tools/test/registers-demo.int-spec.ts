/**
 * The demo loaded in the public registers' own formats answers as the GeoJSONSeq demo does.
 *
 * The small demo's layers that have a register profile able to carry them are written as the
 * registers publish them (tools/demo/registers: PRG shapefile zip, EGiB WFS GML), loaded over a
 * copy of the demo template with the real layers CLI (`load-dir`, reading them through the source
 * profiles), and then compared with the demo template itself: the served rows of every such layer
 * id for id (kind, attributes, geometry within 1 cm in EPSG:2180), and real answers of the API on
 * both (a structured search, a parcel's facts, a parcel report). Both stacks build their facts
 * and search index at start from what they serve.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, runAppCli, startTestStack, testEnvironment, type TestDatabase, type TestStack } from '@lp/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Served columns that say how a row was loaded, not what it says (the run, when, the source's
 * extent as read), and `attrs`, the JSON the typed attribute columns compared here are made of.
 */
const LOAD_COLUMNS = ['geom', 'fid', 'source_run_id', 'fetched_at', 'source_bbox', 'attrs'];

/**
 * What the demo serves that the register does not publish, so the layer loaded from the register
 * serves it otherwise (docs/data-registers.md, "The demo in the registers' formats"). The test
 * asserts that these columns, and only these, differ:
 * - admin_bounds, cadastral_units: area_sqm (PRG's shapefiles carry no area the profiles read);
 * - parcels: vacant (the generator's "no footprint on it"; EGiB has no such field);
 * - buildings: EGiB's RODZAJ is the KŚT group, so `function` is its words, the kind of a garage is
 *   `other` and a dwelling's kind follows its storeys; no height or year built; every building is
 *   `existing`; the area is the footprint's to 0.1 m² (the demo rounds to 1 m²).
 */
const NOT_PUBLISHED: Record<string, string[]> = {
  admin_bounds: ['area_sqm'],
  cadastral_units: ['area_sqm'],
  // EGiB's WFS answers carry no registration group (ownership): the demo generates it
  parcels: ['registration_group', 'vacant'],
  buildings: ['area_sqm', 'built_year', 'function', 'height_m', 'kind', 'status'],
};

/** Keys of an answer that differ by request or by load, not by what the data says. */
const VOLATILE = new Set(['request_id', 'fetched_at', 'source_run_id', 'generated_at', 'took_ms', 'data_version']);

/**
 * The register layers are a second version loaded over a copy of the demo: an answer's sources
 * (`{layer, version, refreshed_at}`) name that version and its time, and `data_version` (a hash of
 * the versions read) differs with them.
 */
const SOURCE_LOAD_KEYS = new Set(['version', 'refreshed_at']);

/** Poznań: parcels on map sheets, local plans, a general plan. */
const SEARCH_REGION = '3064011';

interface ServedRow {
  id: string;
  row: Record<string, unknown>;
  wkb: Buffer;
}

describe("the demo in the registers' formats gives the GeoJSONSeq demo's answers", () => {
  let work: string;
  let prepared: TestDatabase | undefined;
  let geojson: TestStack;
  let registers: TestStack;
  let registerLayers: string[];
  const env = testEnvironment();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'lp-registers-demo-'));
    const out = join(work, 'registers');
    execFileSync(
      process.execPath,
      [join(env.repoRoot, 'tools/dist/demo/registers/write-registers.js'), '--from', env.demoSourcesDir!, '--out', out, '--registers-only'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    registerLayers = Object.keys((JSON.parse(readFileSync(join(out, 'registers.json'), 'utf8')) as { layers: Record<string, unknown> }).layers);
    prepared = await createTestDatabase('demo');
    const load = await runAppCli('layer-svc', 'refresh/layers.cli.js', ['load-dir', out], { databaseUrl: prepared.url, timeoutMs: 600_000 });
    if (load.code !== 0) throw new Error(`load-dir failed (${load.code}): ${load.stderr}\n${load.stdout}`);
    const services = ['parcel-svc', 'market-svc', 'search-svc'];
    // One stack after the other: started side by side on a loaded 2-core machine, a search-svc can
    // stay silent past its start-up limit while both load their gazetteers and build their indexes.
    const gatewayEnv = { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RPC_TIMEOUT_MS: '60000' };
    geojson = await startTestStack({ template: 'demo', services, gatewayEnv });
    registers = await startTestStack({ template: { database: prepared.name }, services, gatewayEnv });
  }, 900_000);

  afterAll(async () => {
    await Promise.all([geojson?.stop(), registers?.stop()]);
    await prepared?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const served = async (stack: TestStack, layer: string): Promise<ServedRow[]> => {
    // The layer id comes from the registers.json the writer made, checked against the catalogue by load-dir.
    const rows = await stack.sql<{ id: string; row: Record<string, unknown>; wkb: Buffer }>(
      `SELECT t.id, to_jsonb(t) - $1::text[] AS row, ST_AsBinary(ST_Transform(t.geom, 2180)) AS wkb FROM layer_pub.${layer} t ORDER BY t.id`,
      [LOAD_COLUMNS],
    );
    return rows;
  };

  it('loads the layers with a register profile through it', () => {
    expect(registerLayers).toEqual(['admin_bounds', 'cadastral_units', 'parcels', 'buildings']);
  });

  it('serves every layer loaded through a profile as the GeoJSONSeq demo serves it, id for id', async () => {
    const report: Record<string, Record<string, number>> = {};
    for (const layer of registerLayers) {
      const [before, after] = await Promise.all([served(geojson, layer), served(registers, layer)]);
      expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
      expect(after.length).toBeGreaterThan(0);
      const differing: Record<string, number> = {};
      for (const [index, row] of before.entries()) {
        const other = after[index]!.row;
        for (const column of new Set([...Object.keys(row.row), ...Object.keys(other)])) {
          if (JSON.stringify(row.row[column] ?? null) !== JSON.stringify(other[column] ?? null)) differing[column] = (differing[column] ?? 0) + 1;
        }
      }
      report[layer] = differing;
      // Geometry: the GeoJSONSeq rows copied beside the register's, compared with plain PostGIS.
      const [distance] = await registers.sql<{ worst: number | null; n: number }>(
        `WITH g AS (SELECT unnest($1::text[]) AS id, ST_SetSRID(ST_GeomFromWKB(unnest($2::bytea[])), 2180) AS geom)
         SELECT max(ST_HausdorffDistance(g.geom, ST_Transform(t.geom, 2180))) AS worst, count(t.id)::int AS n
         FROM g JOIN layer_pub.${layer} t ON t.id = g.id`,
        [before.map((row) => row.id), before.map((row) => row.wkb)],
      );
      expect({ layer, n: distance!.n }).toEqual({ layer, n: before.length });
      expect({ layer, under1cm: Number(distance!.worst) < 0.01 }).toEqual({ layer, under1cm: true });
    }
    console.log(`registers demo: columns differing per layer ${JSON.stringify(report)}`);
    expect(Object.fromEntries(Object.entries(report).map(([layer, columns]) => [layer, Object.keys(columns).sort()]))).toEqual(
      Object.fromEntries(registerLayers.map((layer) => [layer, [...(NOT_PUBLISHED[layer] ?? [])].sort()])),
    );
  }, 300_000);
  it('tells buildings apart only as EGiB can: a garage is other, a dwelling one-family up to two storeys', async () => {
    const [before, after] = await Promise.all([served(geojson, 'buildings'), served(registers, 'buildings')]);
    const changed = before.flatMap((row, index) =>
      row.row['kind'] === after[index]!.row['kind'] ? [] : [{ from: row.row['kind'], to: after[index]!.row['kind'], floors: row.row['floors'] }],
    );
    expect(changed.length).toBeGreaterThan(0);
    for (const change of changed) {
      const dwelling = change.from === 'single_family' || change.from === 'multi_family';
      const expected = change.from === 'garage' ? 'other' : dwelling ? (Number(change.floors) <= 2 ? 'single_family' : 'multi_family') : change.from;
      expect(change).toEqual({ ...change, to: expected });
    }
  });

  /** An answer without what differs by load, not by data: request ids, the runs and times of the loads. */
  const comparable = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), function (this: Record<string, unknown>, key: string, item: unknown) {
      return VOLATILE.has(key) || (SOURCE_LOAD_KEYS.has(key) && 'layer' in this) ? undefined : item;
    });

  it('answers a structured search with the same parcels, in the same order', async () => {
    const body = { region: SEARCH_REGION, filters: { area_sqm: { min: 400 }, vacant: true }, limit: 50 };
    const [before, after] = await Promise.all([geojson, registers].map((stack) => searchWhenReady(stack, body)));
    expect(before.ids.length).toBeGreaterThan(0);
    expect(after.ids).toEqual(before.ids);
    expect(comparable(after.body)).toEqual(comparable(before.body));
  }, 300_000);

  it("gives one parcel's facts (every block) as the GeoJSONSeq demo does, its ownership unknown", async () => {
    const path = `/v1/parcels/${encodeURIComponent(await sheetParcel())}?include=regulations,constraints,terrain,proximity,market`;
    const [before, after] = await Promise.all([geojson, registers].map((stack) => getJson(stack, path)));
    expectSameButOwnership(before, after);
  }, 120_000);

  it("gives one parcel's report as the GeoJSONSeq demo does, its ownership unknown", async () => {
    const path = `/v1/parcels/${encodeURIComponent(await sheetParcel())}/report`;
    const [before, after] = await Promise.all([geojson, registers].map((stack) => getJson(stack, path)));
    expectSameButOwnership(before, after);
  }, 120_000);

  /**
   * The two answers are equal but for the parcel's ownership, which the register does not publish:
   * known in the demo (generated), said to be unknown (never a group) when loaded from EGiB's answers.
   */
  const expectSameButOwnership = (before: unknown, after: unknown): void => {
    const ownership: Array<{ status?: string; registration_group?: string }> = [];
    const withoutOwnership = (answer: unknown, keep: boolean): unknown =>
      JSON.parse(JSON.stringify(comparable(answer)), (key: string, item: unknown) => {
        if (key !== 'ownership') return item;
        if (keep) ownership.push(item as { status?: string });
        return undefined;
      });
    expect(withoutOwnership(after, true)).toEqual(withoutOwnership(before, false));
    expect(ownership.length).toBeGreaterThan(0);
    for (const block of ownership) expect(block).toEqual(expect.objectContaining({ status: 'unknown' }));
    for (const block of ownership) expect(block.registration_group).toBeUndefined();
  };

  /** A Poznań parcel on a map sheet, with a '/' in its number: the id form EGiB gives the most to get wrong. */
  const sheetParcel = async (): Promise<string> => {
    const [row] = await geojson.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE id LIKE '306401_1.%.AR_%/%' ORDER BY id LIMIT 1`);
    return row!.id;
  };

  const getJson = async (stack: TestStack, path: string): Promise<unknown> => {
    const res = await stack.api().get(path, { key: stack.apiKey });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };

  /** The search once the stack's index is built (search-svc builds it at start and answers 503 until then). */
  const searchWhenReady = async (stack: TestStack, body: object): Promise<{ ids: string[]; body: unknown }> => {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const res = await stack.api().post<{ results: Array<{ parcel_id?: string; id?: string }> }>('/v1/search/parcels', { key: stack.apiKey, body });
      if (res.status === 200) {
        const answer = res.json();
        return { ids: answer.results.map((result) => result.parcel_id ?? result.id ?? ''), body: answer };
      }
      if (res.status !== 503 || Date.now() > deadline) throw new Error(`search answered ${res.status}: ${JSON.stringify(res.json())}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
});
