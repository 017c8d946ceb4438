import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SearchResponseView } from '@lp/contracts';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A low feature limit so that the 413 of a layer export is reached on the small demo dataset. */
const MAX_FEATURES = 3000;

/**
 * Exports opened by GDAL, the tool our users load data with: each format holds exactly the
 * features the API (and plain SQL) counts, in the CRS asked for, with the coverage inside.
 */
describe('exports (GeoPackage, CSV, GeoJSON, FlatGeobuf) opened by ogrinfo', () => {
  let stack: TestStack;
  let dir: string;
  let region: string;
  /** A box of about 3 by 3 km around the first parcel of the demo. */
  let bbox: string;
  let box: number[];
  /** The gateway's EXPORT_TMP_DIR: empty again after every export, sent or refused. */
  let exportTmp: string;
  const leftBehind = async () => readdir(exportTmp);

  const ogrinfo = async (...args: string[]) => (await run('ogrinfo', ['-ro', ...args], { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 })).stdout;
  const featureCount = (info: string) => Number(/Feature Count: (\d+)/.exec(info)?.[1]);

  /** Downloads an export to a file; on an error answer returns the envelope instead. */
  const download = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; file: string; name: string; headers: Headers; error?: ErrorEnvelope }> => {
    const res = await fetch(`${stack.gatewayUrls[0]}${path}`, {
      method,
      headers: { authorization: `Bearer ${stack.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'error.json';
    const file = join(dir, `${Date.now()}-${name}`);
    await writeFile(file, bytes);
    return { status: res.status, file, name, headers: res.headers, ...(res.status === 200 ? {} : { error: JSON.parse(bytes.toString('utf8')) as ErrorEnvelope }) };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lp-exports-test-'));
    exportTmp = await mkdtemp(join(tmpdir(), 'lp-exports-tmp-'));
    stack = await startTestStack({
      template: 'demo',
      services: ['search-svc', 'layer-svc'],
      gatewayEnv: { EXPORT_MAX_FEATURES: String(MAX_FEATURES), EXPORT_TMP_DIR: exportTmp },
      scopes: ['search:read', 'layers:read'],
    });
    // A gmina where slope (terrain_stats) is partial or missing, so the coverage has something to say.
    [{ teryt: region }] = (await stack.sql<{ teryt: string }>(
      `SELECT p.teryt FROM layer_pub.region_coverage p
       WHERE p.layer_id = 'parcels' AND p.level = 'gmina' AND p.status = 'available' ORDER BY p.teryt LIMIT 1`,
    )) as [{ teryt: string }];
    const [centre] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(p) AS lng, ST_Y(p) AS lat FROM (SELECT ST_Transform(ST_PointOnSurface(geom), 4326) AS p FROM layer_pub.parcels ORDER BY id LIMIT 1) s`,
    );
    box = [centre!.lng - 0.02, centre!.lat - 0.012, centre!.lng + 0.02, centre!.lat + 0.012].map((value) => Math.round(value * 1e5) / 1e5);
    bbox = box.join(',');
    await eventually(async () => expect((await stack.api().post('/v1/search/parcels', { key: stack.apiKey, body: { region, limit: 1 } })).status).toBe(200), 180_000);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (exportTmp) await rm(exportTmp, { recursive: true, force: true });
  });

  const search = { region: '', filters: { area_sqm: { min: 500 }, slope_pct: { max: 8 } }, limit: 40 };

  it('a search as GeoPackage: the count of the API, WGS84, the coverage table beside the features', async () => {
    const body = { ...search, region };
    const api = (await stack.api().post<SearchResponseView>('/v1/search/parcels', { key: stack.apiKey, body })).json();
    const res = await download('POST', '/v1/search/parcels/export?format=gpkg', body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geopackage+sqlite3');
    // named by what it is and the second it was made: `curl -OJ` never meets an earlier export's file
    expect(res.name).toMatch(/^search_results-\d{4}-\d{2}-\d{2}T\d{6}Z\.gpkg$/);
    const info = await ogrinfo('-so', res.file, 'search_results');
    expect(featureCount(info)).toBe(api.count);
    expect(info).toMatch(/ID\["EPSG",4326\]/);
    const coverage = await ogrinfo('-al', '-q', res.file, 'coverage');
    for (const entry of api.coverage) expect(coverage).toContain(`criterion (String) = ${entry.criterion}`);
    expect(coverage).toMatch(/status \(String\) = (available|partial|missing)/);
    const about = await ogrinfo('-al', '-q', res.file, 'export_info');
    expect(about).toContain(`value (String) = ${api.matched}`);
  }, 120_000);

  it('a layer bbox in all four formats: the count of plain SQL, the CRS asked for, coverage inside each', async () => {
    const [{ n }] = (await stack.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM layer_pub.parcels WHERE ST_Intersects(geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180))`,
      box,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(MAX_FEATURES);

    const gpkg = await download('GET', `/v1/layers/parcels/export?bbox=${bbox}&format=gpkg&crs=EPSG:2180`);
    expect(gpkg.status).toBe(200);
    const gpkgInfo = await ogrinfo('-so', gpkg.file, 'parcels');
    expect(featureCount(gpkgInfo)).toBe(n);
    expect(gpkgInfo).toMatch(/ID\["EPSG",2180\]/);
    expect(await ogrinfo('-al', '-q', gpkg.file, 'coverage')).toContain('layer (String) = parcels');

    const geojson = await download('GET', `/v1/layers/parcels/export?bbox=${bbox}&format=geojson`);
    expect(geojson.status).toBe(200);
    expect(featureCount(await ogrinfo('-so', geojson.file, 'parcels'))).toBe(n);
    const doc = JSON.parse(await readFile(geojson.file, 'utf8')) as { coverage: Array<{ layer: string }>; export_info: Record<string, string> };
    expect(doc.coverage[0]).toMatchObject({ layer: 'parcels' });
    expect(doc.export_info).toMatchObject({ layer_id: 'parcels', features: String(n) });

    for (const [format, member] of [['csv', 'parcels.csv'], ['fgb', 'parcels.fgb']] as const) {
      const zip = await download('GET', `/v1/layers/parcels/export?bbox=${bbox}&format=${format}`);
      expect(zip.status).toBe(200);
      expect(zip.name).toMatch(new RegExp(`^parcels-\\d{4}-\\d{2}-\\d{2}T\\d{6}Z\\.${format}\\.zip$`));
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const info = await ogrinfo('-so', `/vsizip/${zip.file}/${member}`, 'parcels');
      expect(featureCount(info)).toBe(n);
      expect(info).toMatch(/ID\["EPSG",4326\]/);
      expect(featureCount(await ogrinfo('-so', `/vsizip/${zip.file}/coverage.csv`, 'coverage'))).toBe(1);
    }
    // nothing of an export is left behind on the server
    expect(await leftBehind()).toEqual([]);
  }, 180_000);

  it('a natural-language search as FlatGeobuf: the count of the same search through the API, the interpretation inside', async () => {
    const body = { query: 'działki co najmniej 1000 m2 w Poznaniu', limit: 30 };
    const api = (await stack.api().post<SearchResponseView>('/v1/search/natural-language', { key: stack.apiKey, body })).json();
    const res = await download('POST', '/v1/search/natural-language/export?format=fgb', body);
    expect(res.status).toBe(200);
    // a sentence's export is not named as a structured search's
    expect(res.name).toMatch(/^nl_search_results-\d{4}-\d{2}-\d{2}T\d{6}Z\.fgb\.zip$/);
    expect(featureCount(await ogrinfo('-so', `/vsizip/${res.file}/search_results.fgb`, 'search_results'))).toBe(api.count);
    const about = await ogrinfo('-al', '-q', `/vsizip/${res.file}/export_info.csv`, 'export_info');
    expect(about).toContain('value (String) = działki co najmniej 1000 m2 w Poznaniu');
  }, 120_000);

  it('413 when the search matches more than an export holds, naming the limit and what to do', async () => {
    const res = await download('POST', '/v1/search/parcels/export?format=gpkg', { filters: { area_sqm: { min: 1 } } });
    expect(res.status).toBe(413);
    expect(res.error!.error.code).toBe('payload_too_large');
    expect(res.error!.error.message).toMatch(/at most 200/);
    expect(res.error!.error.message).toMatch(/set limit/);
  }, 60_000);

  it('413 when the layer has more features in the bbox than an export holds, before any page is read', async () => {
    /** Pages of features layer-svc has answered so far. */
    const pagesRead = async (): Promise<number> => {
      const text = await (await fetch(`http://127.0.0.1:${stack.processes.get('layer-svc')!.opsPort}/metrics`)).text();
      return [...text.matchAll(/^lp_rpc_handler_duration_seconds_count\{[^}]*subject="[^"]*layer\.features\.list"[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    // one page read, so the figure is there to compare
    expect((await stack.api().get(`/v1/layers/parcels/features?bbox=${bbox}&limit=1`, { key: stack.apiKey })).status).toBe(200);
    await eventually(async () => expect(await pagesRead()).toBeGreaterThan(0), 5_000);
    const before = await pagesRead();
    const res = await download('GET', `/v1/layers/parcels/export?bbox=14.1,49.0,24.2,54.9&format=geojson`);
    expect(res.status).toBe(413);
    // counted up to the limit first: refused without reading (and writing) the pages up to it
    expect(await pagesRead()).toBe(before);
    expect(res.error!.error.message).toContain(`at most ${MAX_FEATURES} features`);
    expect(res.error!.error.message).toMatch(/ogc\/collections\/parcels\/items/);
    expect(await leftBehind()).toEqual([]);
  }, 120_000);

  it('removes the files of an export whose client goes away', async () => {
    const abort = new AbortController();
    const request = fetch(`${stack.gatewayUrls[0]}/v1/layers/parcels/export?bbox=${bbox}&format=gpkg`, { headers: { authorization: `Bearer ${stack.apiKey}` }, signal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    await expect(request.then((res) => res.arrayBuffer())).rejects.toThrow();
    await eventually(async () => expect(await leftBehind()).toEqual([]), 30_000);
  }, 60_000);

  it('400 listing the formats for an unknown format, and for an unknown crs', async () => {
    const res = await download('GET', `/v1/layers/parcels/export?bbox=${bbox}&format=shp`);
    expect(res.status).toBe(400);
    expect(res.error!.error.message).toMatch(/gpkg.*csv.*geojson.*fgb/);
    const crs = await download('POST', '/v1/search/parcels/export?format=csv&crs=EPSG:3857', { region, limit: 1 });
    expect(crs.status).toBe(400);
    expect(crs.error!.error.message).toMatch(/EPSG:2180/);
  });
});
