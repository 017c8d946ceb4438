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

/** Served columns that say how a row was loaded, not what it says: they differ by load, not by source. */
const LOAD_COLUMNS = ['geom', 'version', 'source_url', 'refreshed_at', 'loaded_at', 'valid_from', 'run_id'];

/**
 * Attributes the demo generates that the register does not publish, so a layer loaded from the
 * register serves them empty or computes them otherwise (docs/data-registers.md). The test asserts
 * that these, and only these, differ.
 */
const NOT_PUBLISHED: Record<string, string[]> = {};

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
    [geojson, registers] = await Promise.all([
      startTestStack({ template: 'demo', services, gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RPC_TIMEOUT_MS: '60000' } }),
      startTestStack({ template: { database: prepared.name }, services, gatewayEnv: { RATE_LIMIT_REPORTS_PER_MINUTE: '1000', RPC_TIMEOUT_MS: '60000' } }),
    ]);
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
      await registers.sql(`CREATE TEMP TABLE IF NOT EXISTS x (id text, geom geometry)`);
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
});
