import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LayerFeaturePageView, LayerFeatureView, LinkView, OgcCollectionView, OgcConformanceView, OgcLandingView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

const OGC = '/v1/ogc';
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const EPSG_2180 = 'http://www.opengis.net/def/crs/EPSG/0/2180';
/** A box over part of the fixture precinct in Poznań (its parcels lie in 16.9043..16.9088, 52.4035..52.4049). */
const BOX = [16.9, 52.4, 16.9065, 52.41] as const;

/**
 * OGC API - Features Part 2 (EPSG:2180 beside CRS84), Part 3 spatial filters and CQL2 JSON, and
 * OGC API - Tiles over the vector tiles; answers checked against PostGIS on the raw layers.
 */
describe('OGC API: CRS, spatial and CQL2 JSON filters, tiles', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ services: ['layer-svc'], scopes: ['layers:read'] })));
  afterAll(() => stack?.stop());

  const get = <T>(path: string) => stack.api().get<T & ErrorEnvelope>(`${OGC}${path}`, { key: stack.apiKey });
  const href = (links: LinkView[], rel: string): string | undefined => links.find((link) => link.rel === rel)?.href;
  /** Every id a listing gives, following rel=next. */
  const allIds = async (path: string): Promise<string[]> => {
    const ids: string[] = [];
    let next: string | undefined = `${OGC}${path}`;
    while (next !== undefined) {
      const res = await stack.api().get<LayerFeaturePageView & ErrorEnvelope>(next, { key: stack.apiKey });
      expect([next, res.status]).toEqual([next, 200]);
      const page: LayerFeaturePageView = res.json();
      ids.push(...page.features.map((feature) => feature.id));
      next = href(page.links, 'next')?.slice(stack.gatewayUrls[0]!.length);
    }
    return ids.sort();
  };
  const sqlIds = async (where: string, params: unknown[] = []): Promise<string[]> =>
    (await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE ${where} ORDER BY id`, params)).map((row) => row.id);

  it('declares the CRS, filter and tiles conformance classes', async () => {
    const classes = (await get<OgcConformanceView>('/conformance')).json().conformsTo;
    expect(classes).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
        'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
        'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
        'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
      ]),
    );
  });

  it('writes geometries in EPSG:2180 northing first, where ST_Transform puts them, and says so in Content-Crs', async () => {
    const res = await get<LayerFeaturePageView>(`/collections/parcels/items?limit=1000&crs=${encodeURIComponent(EPSG_2180)}`);
    expect(res.header('content-crs')).toBe(`<${EPSG_2180}>`);
    const rows = await stack.sql<{ id: string; x: number; y: number }>('SELECT id, ST_X(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)) AS x, ST_Y(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)) AS y FROM layer_pub.parcels');
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(res.json().features.length).toBe(rows.length);
    for (const feature of res.json().features) {
      const ring = (feature.geometry.coordinates as number[][][][] | number[][][]).flat(feature.geometry.type === 'MultiPolygon' ? 1 : 0)[0] as number[][];
      const [northing, easting] = ring[0]!;
      expect(northing).toBeCloseTo(byId.get(feature.id)!.y, 2);
      expect(easting).toBeCloseTo(byId.get(feature.id)!.x, 2);
    }
    const crs84 = await get<LayerFeaturePageView>('/collections/parcels/items?limit=1');
    expect(crs84.header('content-crs')).toBe(`<${CRS84}>`);
    const one = res.json().features[0]!;
    const item = await get<LayerFeatureView>(`/collections/parcels/items/${encodeURIComponent(one.id)}?crs=${encodeURIComponent('[EPSG:2180]')}`);
    expect(item.header('content-crs')).toBe(`<${EPSG_2180}>`);
    expect(item.json().geometry).toEqual(one.geometry);
  });

  it('takes a bbox in EPSG:2180 (northing, easting) and finds what the same box in CRS84 finds', async () => {
    const [corners] = await stack.sql<{ e: number[] }>(
      'SELECT ARRAY[ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)] AS e FROM (SELECT ST_Extent(ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180))::geometry AS b) x',
      [...BOX],
    );
    const [minE, minN, maxE, maxN] = corners!.e as [number, number, number, number];
    const inBox = await allIds(`/collections/parcels/items?limit=3&bbox-crs=${encodeURIComponent(EPSG_2180)}&bbox=${minN},${minE},${maxN},${maxE}`);
    expect(inBox).toEqual(await sqlIds('ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 2180))', [minE, minN, maxE, maxN]));
    expect(inBox.length).toBeGreaterThan(0);
  });

  it('filters with S_INTERSECTS in CQL2 text (WKT) and CQL2 JSON (GeoJSON), in CRS84 and EPSG:2180, like ST_Intersects', async () => {
    const [minLng, minLat, maxLng, maxLat] = BOX;
    const polygon = `POLYGON((${minLng} ${minLat}, ${maxLng} ${minLat}, ${maxLng} ${maxLat}, ${minLng} ${minLat}))`;
    const expected = await sqlIds('ST_Intersects(geom, ST_Transform(ST_Segmentize(ST_GeomFromText($1, 4326), 0.01), 2180)) AND area_sqm > 500', [polygon]);
    expect(expected.length).toBeGreaterThan(0);
    const text = `S_INTERSECTS(geometry, ${polygon}) AND area_sqm > 500`;
    expect(await allIds(`/collections/parcels/items?limit=4&filter=${encodeURIComponent(text)}`)).toEqual(expected);
    const json = JSON.stringify({
      op: 'and',
      args: [
        {
          op: 's_intersects',
          args: [
            { property: 'geometry' },
            {
              type: 'Polygon',
              coordinates: [
                [
                  [minLng, minLat],
                  [maxLng, minLat],
                  [maxLng, maxLat],
                  [minLng, minLat],
                ],
              ],
            },
          ],
        },
        { op: '>', args: [{ property: 'area_sqm' }, 500] },
      ],
    });
    expect(await allIds(`/collections/parcels/items?limit=4&filter-lang=cql2-json&filter=${encodeURIComponent(json)}`)).toEqual(expected);

    // The same kind of literal in EPSG:2180, northing first: a point on a parcel finds that parcel.
    const [inside] = await stack.sql<{ id: string; x: number; y: number }>('SELECT id, ST_X(p) AS x, ST_Y(p) AS y FROM (SELECT id, ST_PointOnSurface(geom) AS p FROM layer_pub.parcels ORDER BY id LIMIT 1) s');
    const point = `S_INTERSECTS(geometry, POINT(${inside!.y} ${inside!.x}))`;
    expect(await allIds(`/collections/parcels/items?filter-crs=${encodeURIComponent(EPSG_2180)}&filter=${encodeURIComponent(point)}`)).toEqual(
      await sqlIds('ST_Intersects(geom, ST_SetSRID(ST_MakePoint($1, $2), 2180))', [inside!.x, inside!.y]),
    );
  });

  it('answers a CRS it does not offer, a broken spatial literal and broken CQL2 JSON with 400 saying what is allowed', async () => {
    const cases: Array<[string, RegExp]> = [
      ['crs=EPSG:4326', /crs is not a CRS this API offers; use http:\/\/www.opengis.net\/def\/crs\/OGC\/1.3\/CRS84 .* or http:\/\/www.opengis.net\/def\/crs\/EPSG\/0\/2180/],
      ['bbox-crs=EPSG:3857&bbox=1,2,3,4', /bbox-crs is not a CRS this API offers/],
      ['filter-crs=EPSG:25833&filter=S_INTERSECTS(geometry,POINT(1 2))', /filter-crs is not a CRS this API offers/],
      ['bbox-crs=EPSG:2180&bbox=16.9,52.4,16.95,52.42', /looks like degrees, but bbox-crs is EPSG:2180/],
      ['filter=S_INTERSECTS(geometry, POLYGON((16 52, 17 52, 16 52)))', /polygon ring is closed/],
      ['filter=S_INTERSECTS(area_sqm, POINT(16 52))', /area_sqm is not the geometry of parcels at position 14/],
      ['filter-lang=cql2-json&filter={"op":"=","args":[{"property":"owner"},1]}', /owner is not a queryable of parcels at \/args\/0; queryables are id, kind/],
      ['filter-lang=cql2-json&filter={"op":"like","args":[{"property":"name"},5]}', /like needs a text pattern at \/args\/1/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/collections/parcels/items?${query.replace(/ /g, '%20')}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toMatch(message);
    }
  });

  it('leads from the landing page and a tiled collection to its tileset, tile matrix set and tiles (OGC API - Tiles)', async () => {
    const base = stack.gatewayUrls[0];
    const landing = (await get<OgcLandingView>('')).json();
    expect(href(landing.links, 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes')).toBe(`${base}${OGC}/tileMatrixSets`);
    const tms = (await get<{ tileMatrixSets: Array<{ id: string }> }>('/tileMatrixSets')).json();
    expect(tms.tileMatrixSets.map((set) => set.id)).toEqual(['WebMercatorQuad']);
    const quad = (await get<{ crs: string; tileMatrices: Array<{ id: string; matrixWidth: number }> }>('/tileMatrixSets/WebMercatorQuad')).json();
    expect(quad.crs).toBe('http://www.opengis.net/def/crs/EPSG/0/3857');
    expect(quad.tileMatrices[14]).toMatchObject({ id: '14', matrixWidth: 2 ** 14 });

    const collection = (await get<OgcCollectionView>('/collections/parcels')).json();
    const tilesets = (await get<{ tilesets: Array<{ dataType: string; links: LinkView[] }> }>('/collections/parcels/tiles')).json();
    expect(href(collection.links, 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector')).toBe(`${base}${OGC}/collections/parcels/tiles`);
    expect(tilesets.tilesets[0]!.dataType).toBe('vector');
    const tileset = (await get<{ links: LinkView[]; tileMatrixSetLimits: Array<{ tileMatrix: string; minTileRow: number; maxTileCol: number }>; layers: Array<{ id: string }> }>('/collections/parcels/tiles/WebMercatorQuad')).json();
    expect(tileset.layers.map((layer) => layer.id)).toEqual(['parcels']);
    const template = tileset.links.find((link) => link.rel === 'item' && link.type === 'application/vnd.mapbox-vector-tile')!.href;
    expect(template).toBe(`${base}${OGC}/collections/parcels/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}`);

    // A tile by the OGC template (z/row/col) is the tile of the XYZ route (z/x/y).
    const z = 15;
    const limits = tileset.tileMatrixSetLimits.find((limit) => limit.tileMatrix === String(z))!;
    const row = limits.minTileRow;
    const col = limits.maxTileCol;
    const ogcTile = await stack.api().get(template.slice(base!.length).replace('{tileMatrix}', String(z)).replace('{tileRow}', String(row)).replace('{tileCol}', String(col)), { key: stack.apiKey });
    const xyzTile = await stack.api().get(`/v1/layers/parcels/tiles/${z}/${col}/${row}.mvt`, { key: stack.apiKey });
    expect(ogcTile.status).toBe(xyzTile.status);
    expect(ogcTile.header('etag')).toBe(xyzTile.header('etag'));
    expect((await get('/collections/parcels/tiles/WorldCRS84Quad')).json().error.message).toMatch(/cut in WebMercatorQuad only/);
    expect((await get('/collections/power_substations/tiles')).json().error.message).toMatch(/not served as vector tiles/);
    expect(href((await get<OgcCollectionView>('/collections/power_substations')).json().links, 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector')).toBeUndefined();
  });
});
