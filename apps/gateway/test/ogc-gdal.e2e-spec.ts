import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LayerFeaturePageView, OgcCollectionsView } from '@lp/contracts';
import { tileAt } from '@lp/geo';
import { startTestStack, type TestStack } from '@lp/testing';

const run = promisify(execFile);

/** A box around Poznań and Wielkopolska: part of the demo substations, not all of them. */
const SPAT = [16.2, 51.9, 17.6, 52.8] as const;

/**
 * GDAL as the real client of OGC API - Features: its OAPIF driver finds the collections, pages
 * through a whole layer by rel=next, and sends a spatial filter to the server as bbox. Answers are
 * checked against plain PostGIS.
 */
describe('OGC API - Features opened by GDAL (ogrinfo, ogr2ogr)', () => {
  let stack: TestStack;
  let dir: string;
  let gdal: (tool: 'ogrinfo' | 'ogr2ogr', args: string[]) => Promise<string>;
  /** GDAL with CPL_DEBUG on: stderr holds every URL it fetched ("HTTP: Fetch(...)"); failures are returned, not thrown. */
  let gdalDebug: (tool: 'ogrinfo' | 'ogr2ogr', args: string[]) => Promise<{ stdout: string; stderr: string; failed: boolean }>;
  let source: string;
  let base: string;

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['layer-svc'], gatewayEnv: { ACCESS_LOG: 'true', LOG_LEVEL: 'log' } });
    const key = await stack.createKey(['layers:read']);
    dir = await mkdtemp(join(tmpdir(), 'lp-ogc-gdal-'));
    base = `${stack.gatewayUrls[0]}/v1/ogc`;
    source = `OAPIF:${base}`;
    // GDAL_HTTP_HEADERS is how a user passes the key (docs/gis-clients.md: Open in QGIS and GDAL).
    const env = (debug: boolean) => ({ ...process.env, GDAL_HTTP_HEADERS: `Authorization: Bearer ${key}`, GDAL_HTTP_TIMEOUT: '120', CPL_DEBUG: debug ? 'ON' : 'OFF' });
    gdal = async (tool, args) => {
      const { stdout } = await run(tool, args, { env: env(false), timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    };
    gdalDebug = async (tool, args) => {
      try {
        const { stdout, stderr } = await run(tool, args, { env: env(true), timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
        return { stdout, stderr, failed: false };
      } catch (error) {
        const failure = error as { stdout?: string; stderr?: string };
        return { stdout: failure.stdout ?? '', stderr: failure.stderr ?? '', failed: true };
      }
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

  it("states each collection's extent as the data's, within a zoom-15 tile (about 0.01°) on every side, as the data is", async () => {
    const key = await stack.createKey(['layers:read']);
    const collections = (await stack.api().get<OgcCollectionsView>('/v1/ogc/collections', { key })).json().collections;
    let compared = 0;
    for (const collection of collections) {
      // the collection ids are the catalogue's, the only identifiers a query here is built from
      const [sql] = await stack.sql<{ box: number[] | null }>(
        `SELECT CASE WHEN e IS NULL THEN NULL ELSE ARRAY[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)] END AS box FROM (SELECT ST_Extent(ST_Transform(geom, 4326)) AS e FROM layer_pub.${collection.id}) x`,
      );
      if (sql!.box === null) continue; // no data yet: the extent is Poland's, what the layer will cover
      const stated = collection.extent.spatial.bbox[0]!;
      const gap = Math.max(...stated.map((value, side) => Math.abs(value - sql!.box![side]!)));
      expect({ id: collection.id, within: gap < 0.01 }).toEqual({ id: collection.id, within: true });
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('serves a page without a limit as large as a page may be, so clients that send none (QGIS) page in few requests', async () => {
    const key = await stack.createKey(['layers:read']);
    const page = (await stack.api().get<LayerFeaturePageView>('/v1/ogc/collections/parcels/items', { key })).json();
    // the page may end early at its size budget, never at the old default of 100
    expect(page.numberReturned).toBeGreaterThan(100);
    expect(page.numberReturned).toBeLessThanOrEqual(1000);
    expect(page.features).toHaveLength(page.numberReturned);
  });

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
    // ... and the count the catalogue states for the layer
    const catalogue = (await stack.api().get<{ feature_count: number }>('/v1/ogc/collections/power_substations', { key: await stack.createKey(['layers:read']) })).json();
    expect(catalogue.feature_count).toBe(sql!.n);
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
    const copy = await gdalDebug('ogr2ogr', ['-f', 'GeoJSON', out, source, 'power_substations', '-where', "voltage_kv >= 110 AND kind <> 'mv_substation' AND voltage_kv < 400", '-oo', 'PAGE_SIZE=1000']);
    expect(copy.failed).toBe(false);
    // GDAL's own account (CPL_DEBUG) of what it fetched: the item pages carry the filter.
    const fetched = [...copy.stderr.matchAll(/HTTP: Fetch\((\S+\/collections\/power_substations\/items\S*)\)/g)].map((match) => new URL(match[1]!).searchParams);
    expect(fetched.filter((params) => params.has('filter')).length).toBeGreaterThan(0);
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

  it('gives EPSG:2180 coordinates northing first (Content-Crs), which GDAL places right once the EPSG axis order is applied', async () => {
    const url = `${base}/collections/power_substations/items?crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/2180')}&bbox=${SPAT.join(',')}&limit=1000`;
    const headers = await fetch(url, { headers: { authorization: `Bearer ${await stack.createKey(['layers:read'])}` } });
    expect(headers.headers.get('content-crs')).toBe('<http://www.opengis.net/def/crs/EPSG/0/2180>');
    // GDAL 3.6's OAPIF driver has no CRS option (3.7+ has, and reads the EPSG axis order); its
    // GeoJSON driver reads x first, so the copy swaps the axes back as EPSG:2180 defines them.
    const gpkg = join(dir, 'puwg1992.gpkg');
    await gdal('ogr2ogr', ['-f', 'GPKG', gpkg, url, '-dialect', 'SQLite', '-sql', 'SELECT id, SwapCoordinates(geometry) AS geometry FROM OGRGeoJSON', '-a_srs', 'EPSG:2180', '-nln', 'puwg1992']);
    const info = await gdal('ogrinfo', ['-ro', '-al', gpkg]);
    expect(info).toMatch(/ID\["EPSG",2180\]\]/);
    const features = [...info.matchAll(/^\s+id \(String\) = (.+)\n\s+POINT \(([-\d.]+) ([-\d.]+)\)$/gm)].map((match) => ({ id: match[1]!, x: Number(match[2]), y: Number(match[3]) }));
    const rows = await stack.sql<{ id: string; x: number; y: number }>(
      `SELECT id, ST_X(geom) AS x, ST_Y(geom) AS y FROM layer_pub.power_substations WHERE ST_Intersects(geom, ST_Transform(ST_Segmentize(ST_MakeEnvelope($1, $2, $3, $4, 4326), 0.01), 2180)) ORDER BY id`,
      [...SPAT],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(features.map((feature) => feature.id).sort()).toEqual(rows.map((row) => row.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const feature of features) {
      expect(Math.abs(feature.x - byId.get(feature.id)!.x)).toBeLessThan(0.01);
      expect(Math.abs(feature.y - byId.get(feature.id)!.y)).toBeLessThan(0.01);
    }
  }, 300_000);

  it("works on Debian 12's GDAL 3.6 by the documented routes: -t_srs for PUWG 1992, the MVT driver on a tile's .mvt URL", async () => {
    // PUWG 1992 reprojected on the client side (-oo CRS needs GDAL 3.7): the coordinates of PostGIS
    const gpkg = join(dir, 'reprojected.gpkg');
    await gdal('ogr2ogr', ['-f', 'GPKG', gpkg, source, 'power_substations', '-spat', ...SPAT.map(String), '-t_srs', 'EPSG:2180', '-oo', 'PAGE_SIZE=1000']);
    const info = await gdal('ogrinfo', ['-ro', '-al', gpkg]);
    expect(info).toMatch(/ID\["EPSG",2180\]\]/);
    const features = [...info.matchAll(/^\s+id \(String\) = (.+)\n(?:\s+\S+ \(\S+\) = .*\n)*\s+POINT \(([-\d.]+) ([-\d.]+)\)$/gm)].map((match) => ({ id: match[1]!, x: Number(match[2]), y: Number(match[3]) }));
    expect(features.length).toBeGreaterThan(0);
    const rows = await stack.sql<{ id: string; x: number; y: number }>(`SELECT id, ST_X(geom) AS x, ST_Y(geom) AS y FROM layer_pub.power_substations WHERE id = ANY($1)`, [features.map((feature) => feature.id)]);
    expect(rows).toHaveLength(features.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // the service rounds CRS84 to 7 decimals (about a centimetre); the reprojection adds nothing visible
    for (const feature of features) expect(Math.hypot(feature.x - byId.get(feature.id)!.x, feature.y - byId.get(feature.id)!.y)).toBeLessThan(0.05);

    // OGC API tiles need GDAL 3.7; the MVT driver opens one tile by its URL and places it by its z/x/y
    const [building] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(p) AS lng, ST_Y(p) AS lat FROM (SELECT ST_Transform(ST_PointOnSurface(geom), 4326) AS p FROM layer_pub.buildings ORDER BY id LIMIT 1) s`,
    );
    const { z, x, y } = tileAt(building!.lng, building!.lat, 14);
    const tile = await gdal('ogrinfo', ['-ro', '-so', `/vsicurl/${stack.gatewayUrls[0]}/v1/layers/buildings/tiles/${z}/${x}/${y}.mvt`, 'buildings']);
    const [inTile] = await stack.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM layer_pub.buildings WHERE ST_Intersects(ST_Transform(geom, 3857), ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096))`,
      [z, x, y],
    );
    expect(inTile!.n).toBeGreaterThan(0);
    expect(tile).toContain(`Feature Count: ${inTile!.n}`);
    const [minX, minY, maxX, maxY] = /Extent: \(([-\d.]+), ([-\d.]+)\) - \(([-\d.]+), ([-\d.]+)\)/.exec(tile)!.slice(1).map(Number);
    const [envelope] = await stack.sql<{ box: number[] }>(`SELECT ARRAY[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)] AS box FROM (SELECT ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS e) t`, [z, x, y]);
    expect(minX).toBeGreaterThanOrEqual(envelope!.box[0]! - 1);
    expect(minY).toBeGreaterThanOrEqual(envelope!.box[1]! - 1);
    expect(maxX).toBeLessThanOrEqual(envelope!.box[2]! + 1);
    expect(maxY).toBeLessThanOrEqual(envelope!.box[3]! + 1);
  }, 300_000);

  it('shows GDAL users the error envelope with what is allowed: unknown collection, broken CQL2, unknown attribute, a CRS we do not offer', async () => {
    const unknown = await gdalDebug('ogrinfo', ['-ro', '-q', `OAPIF:${base}/collections/substations`]);
    expect(unknown.failed).toBe(true);
    expect(unknown.stderr).toMatch(/HTTP error code : 404/);
    expect(unknown.stderr).toMatch(/"code":"not_found","message":"No layer has the id substations\. Layers listed as features: parcels, .*power_substations/);
    // GDAL builds its own valid CQL2 and CRS parameters; these are the requests a hand-written URL makes.
    const readKey = await stack.createKey(['layers:read']);
    for (const [query, message] of [
      ['filter=voltage_kv >=', /filter: expected a literal, got 'the end' at position 14/],
      ["filter=owner = 'PSE'", /owner is not a queryable of power_substations at position 1.*queryables are id, kind, name, teryt, voltage_kv/],
      ['crs=EPSG:4326', /crs is not a CRS this API offers; use http:\/\/www.opengis.net\/def\/crs\/OGC\/1.3\/CRS84 .*EPSG\/0\/2180/],
    ] as const) {
      const url = `${base}/collections/power_substations/items?${query.replace(/ /g, '%20')}`;
      const viaGdal = await gdalDebug('ogrinfo', ['-ro', '-q', url]);
      expect([query, viaGdal.failed, /HTTP error code : 400/.test(viaGdal.stderr)]).toEqual([query, true, true]);
      const res = await fetch(url, { headers: { authorization: `Bearer ${readKey}` } });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect([query, res.status, body.error.code]).toEqual([query, 400, 'invalid_request']);
      expect(body.error.message).toMatch(message);
    }
  }, 300_000);
});
