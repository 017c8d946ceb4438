import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GatewayStack } from './gateway-stack.js';

const run = promisify(execFile);

/** A box around Poznań and Wielkopolska: part of the demo substations, not all of them. */
const SPAT = [16.2, 51.9, 17.6, 52.8] as const;

/**
 * GDAL as the real client of OGC API - Features: its OAPIF driver finds the collections, pages
 * through a whole layer by rel=next, and sends a spatial filter to the server as bbox. Answers are
 * checked against plain PostGIS.
 */
describe('OGC API - Features opened by GDAL (ogrinfo, ogr2ogr)', () => {
  let stack: GatewayStack;
  let dir: string;
  let gdal: (tool: 'ogrinfo' | 'ogr2ogr', args: string[]) => Promise<string>;
  let source: string;

  beforeAll(async () => {
    stack = await GatewayStack.start({ template: 'demo', services: ['layer-svc'], gatewayEnv: { ACCESS_LOG: 'true', LOG_LEVEL: 'log' } });
    const key = await stack.createKey(['layers:read']);
    dir = await mkdtemp(join(tmpdir(), 'lp-ogc-gdal-'));
    source = `OAPIF:${stack.gatewayUrls[0]}/v1/ogc`;
    gdal = async (tool, args) => {
      // GDAL_HTTP_HEADERS is how a user passes the key (README: Open in QGIS and GDAL).
      const env = { ...process.env, GDAL_HTTP_HEADERS: `Authorization: Bearer ${key}`, GDAL_HTTP_TIMEOUT: '120', CPL_DEBUG: 'OFF' };
      const { stdout } = await run(tool, args, { env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    };
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const requestedUrls = (): string[] =>
    stack.processes
      .get('gateway-0')!
      .output()
      .split('\n')
      .filter((line) => line.includes('"http request"'))
      .map((line) => (JSON.parse(line) as { url: string }).url);

  it('ogrinfo lists every collection: each catalogue layer served via api', async () => {
    const out = await gdal('ogrinfo', ['-ro', '-q', source]);
    const listed = [...out.matchAll(/^\d+: (\S+)/gm)].map((match) => match[1]).sort();
    const catalogue = (await stack.api().get<{ layers: Array<{ id: string; served_via: string[] }> }>('/v1/layers', { key: await stack.createKey(['layers:read']) }))
      .json()
      .layers.filter((layer) => layer.served_via.includes('api'))
      .map((layer) => layer.id)
      .sort();
    expect(listed).toEqual(catalogue);
  }, 300_000);

  it('ogrinfo reports a layer with its count and an extent that holds all of its data', async () => {
    const info = await gdal('ogrinfo', ['-ro', '-so', source, 'power_substations']);
    const [sql] = await stack.sql<{ n: number; box: number[] }>(
      `SELECT count(*)::int AS n, ARRAY[min(ST_X(p)), min(ST_Y(p)), max(ST_X(p)), max(ST_Y(p))] AS box
       FROM (SELECT ST_Transform(geom, 4326) AS p FROM layer_pub.power_substations) x`,
    );
    expect(info).toContain(`Feature Count: ${sql!.n}`);
    const extent = /Extent: \(([-\d.]+), ([-\d.]+)\) - \(([-\d.]+), ([-\d.]+)\)/.exec(info)!.slice(1).map(Number);
    expect(extent[0]).toBeLessThanOrEqual(sql!.box[0]!);
    expect(extent[1]).toBeLessThanOrEqual(sql!.box[1]!);
    expect(extent[2]).toBeGreaterThanOrEqual(sql!.box[2]!);
    expect(extent[3]).toBeGreaterThanOrEqual(sql!.box[3]!);
  }, 300_000);

  it('ogr2ogr copies a whole layer through paging into a GeoPackage with the exact count of PostGIS', async () => {
    const before = requestedUrls().length;
    const gpkg = join(dir, 'substations.gpkg');
    await gdal('ogr2ogr', ['-f', 'GPKG', gpkg, source, 'power_substations']);
    const info = await gdal('ogrinfo', ['-ro', '-so', gpkg, 'power_substations']);
    const [sql] = await stack.sql<{ n: number }>('SELECT count(*)::int AS n FROM layer_pub.power_substations');
    expect(sql!.n).toBeGreaterThan(1000);
    expect(info).toContain(`Feature Count: ${sql!.n}`);
    const pages = requestedUrls()
      .slice(before)
      .filter((url) => url.startsWith('/v1/ogc/collections/power_substations/items'));
    expect(pages.length).toBeGreaterThan(1);
    // Pages after the first follow rel=next (GDAL also reads a first page once to learn the fields).
    expect(pages.filter((url) => url.includes('cursor=')).length).toBeGreaterThanOrEqual(pages.length - 2);
    expect(pages.filter((url) => url.includes('cursor=')).length).toBeGreaterThan(0);
  }, 300_000);

  it('pushes a spatial filter down as bbox and gets the features ST_Intersects finds', async () => {
    const before = requestedUrls().length;
    const out = join(dir, 'spat.geojson');
    await gdal('ogr2ogr', ['-f', 'GeoJSON', out, source, 'power_substations', '-spat', ...SPAT.map(String)]);
    const urls = requestedUrls()
      .slice(before)
      .filter((url) => url.startsWith('/v1/ogc/collections/power_substations/items'));
    // GDAL reads one unfiltered page first to learn the fields; every page of the copy carries the bbox.
    const filtered = urls.filter((url) => new URL(url, 'http://x').searchParams.has('bbox'));
    expect(filtered.length).toBeGreaterThan(1);
    expect(urls.length - filtered.length).toBeLessThanOrEqual(1);
    for (const url of filtered) expect(new URL(url, 'http://x').searchParams.get('bbox')!.split(',').map(Number)).toEqual([...SPAT]);
    const info = await gdal('ogrinfo', ['-ro', '-al', '-geom=NO', out]);
    const ids = [...info.matchAll(/^\s+id \(String\) = (.+)$/gm)].map((match) => match[1]!).sort();
    const rows = await stack.sql<{ id: string }>(
      `SELECT id FROM layer_pub.power_substations WHERE ST_Intersects(geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180)) ORDER BY id`,
      [...SPAT],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(ids).toEqual(rows.map((row) => row.id).sort());
  }, 300_000);

  it('pushes an attribute filter down as CQL2 text and gets the features the same condition finds in SQL', async () => {
    const before = requestedUrls().length;
    const out = join(dir, 'where.geojson');
    await gdal('ogr2ogr', ['-f', 'GeoJSON', out, source, 'power_substations', '-where', "voltage_kv >= 110 AND kind <> 'mv_substation' AND voltage_kv < 400", '-oo', 'PAGE_SIZE=1000']);
    const urls = requestedUrls()
      .slice(before)
      .filter((url) => url.startsWith('/v1/ogc/collections/power_substations/items'))
      .map((url) => new URL(url, 'http://x').searchParams);
    const filtered = urls.filter((params) => params.has('filter'));
    expect(filtered.length).toBeGreaterThan(0);
    for (const params of filtered) {
      expect(params.get('filter')).toMatch(/voltage_kv >= 110.*kind <> 'mv_substation'.*voltage_kv < 400/);
      expect(params.get('filter-lang')).toBe('cql-text');
    }
    const info = await gdal('ogrinfo', ['-ro', '-al', '-geom=NO', out]);
    const ids = [...info.matchAll(/^\s+id \(String\) = (.+)$/gm)].map((match) => match[1]!).sort();
    const rows = await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.power_substations WHERE voltage_kv >= 110 AND kind <> 'mv_substation' AND voltage_kv < 400 ORDER BY id`);
    expect(rows.length).toBeGreaterThan(0);
    expect(ids).toEqual(rows.map((row) => row.id).sort());
  }, 300_000);
});
