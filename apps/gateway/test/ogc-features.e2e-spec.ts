import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LayerFeaturePageView, LayerFeatureView, LayerListView, LinkView, OgcCollectionView, OgcCollectionsView, OgcConformanceView, OgcLandingView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

const OGC = '/v1/ogc';

describe('OGC API - Features under /v1/ogc', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ services: ['layer-svc'], scopes: ['layers:read'] })));
  afterAll(() => stack?.stop());

  const get = <T>(path: string, options: { key?: string } = {}) => stack.api().get<T & ErrorEnvelope>(`${OGC}${path}`, { key: options.key ?? stack.apiKey });
  const href = (links: LinkView[], rel: string): string | undefined => links.find((link) => link.rel === rel)?.href;

  it('has a landing page linking the API definition, the conformance classes and the collections', async () => {
    const landing = (await get<OgcLandingView>('')).json();
    const base = stack.gatewayUrls[0];
    expect(href(landing.links, 'self')).toBe(`${base}${OGC}`);
    expect(href(landing.links, 'service-desc')).toBe(`${base}/openapi/ogc.json`);
    // the OGC API's own description: standard paths relative to /v1/ogc, where clients look them up
    const api = (await (await fetch(href(landing.links, 'service-desc')!)).json()) as { servers: Array<{ url: string }>; paths: Record<string, { get: { parameters: Array<{ name: string; schema?: { enum?: string[] } }> } }> };
    expect(api.servers[0]!.url).toMatch(/\/v1\/ogc$/);
    expect(Object.keys(api.paths)).toEqual(expect.arrayContaining(['/', '/conformance', '/collections', '/collections/{collectionId}/items', '/collections/{collectionId}/queryables']));
    expect(api.paths['/collections/{collectionId}/items']!.get.parameters.find((parameter) => parameter.name === 'filter-lang')!.schema!.enum).toEqual(['cql2-text', 'cql-text', 'cql2-json']);
    expect(href(landing.links, 'conformance')).toBe(`${base}${OGC}/conformance`);
    expect(href(landing.links, 'data')).toBe(`${base}${OGC}/collections`);
    expect((await get<OgcConformanceView>('/conformance')).json().conformsTo).toEqual(
      expect.arrayContaining(['http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core', 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson']),
    );
  });

  it('lists every layer served via api as a collection, with the extent of its data', async () => {
    const catalogue = (await stack.api().get<LayerListView>('/v1/layers', { key: stack.apiKey })).json().layers;
    const collections = (await get<OgcCollectionsView>('/collections')).json().collections;
    expect(collections.map((collection) => collection.id)).toEqual(catalogue.filter((layer) => layer.served_via.includes('api')).map((layer) => layer.id));
    const parcels = collections.find((collection) => collection.id === 'parcels')!;
    expect(parcels).toMatchObject({
      itemType: 'feature',
      crs: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'http://www.opengis.net/def/crs/EPSG/0/2180'],
      storageCrs: 'http://www.opengis.net/def/crs/EPSG/0/2180',
    });
    expect(href(parcels.links, 'items')).toBe(`${stack.gatewayUrls[0]}${OGC}/collections/parcels/items`);
    const [sql] = await stack.sql<{ box: number[] }>(
      `SELECT ARRAY[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)] AS box FROM (SELECT ST_Extent(ST_Transform(geom, 4326)) AS e FROM layer_pub.parcels) x`,
    );
    const [minLng, minLat, maxLng, maxLat] = parcels.extent.spatial.bbox[0]!;
    // measured when the version was built: it holds the data
    expect(minLng).toBeLessThanOrEqual(sql!.box[0]! + 1e-6);
    expect(minLat).toBeLessThanOrEqual(sql!.box[1]! + 1e-6);
    expect(maxLng).toBeGreaterThanOrEqual(sql!.box[2]! - 1e-6);
    expect(maxLat).toBeGreaterThanOrEqual(sql!.box[3]! - 1e-6);
    const one = (await get<OgcCollectionView>('/collections/parcels')).json();
    expect(one).toEqual(parcels);
  });

  it('pages through all items by rel=next with numberMatched, and serves each item by its id', async () => {
    const [count] = await stack.sql<{ n: number }>('SELECT count(*)::int AS n FROM layer_pub.parcels');
    const ids: string[] = [];
    let path: string | undefined = `${OGC}/collections/parcels/items?limit=6`;
    while (path !== undefined) {
      const res = await stack.api().get<LayerFeaturePageView>(path, { key: stack.apiKey });
      expect(res.status).toBe(200);
      expect(res.header('content-type')).toMatch(/^application\/geo\+json/);
      const page = res.json();
      expect(page.numberMatched).toBe(count!.n);
      ids.push(...page.features.map((feature) => feature.id));
      const next = href(page.links, 'next');
      path = next?.slice(stack.gatewayUrls[0]!.length);
    }
    expect(ids).toHaveLength(count!.n);
    expect(new Set(ids).size).toBe(count!.n);
    const item = await get<LayerFeatureView & { links: LinkView[] }>(`/collections/parcels/items/${encodeURIComponent(ids[3]!)}`);
    expect(item.status).toBe(200);
    expect(item.json()).toMatchObject({ type: 'Feature', id: ids[3] });
    expect(href(item.json().links, 'collection')).toBe(`${stack.gatewayUrls[0]}${OGC}/collections/parcels`);
  });

  it('filters items by bbox like ST_Intersects, and serves a limit above the maximum as the maximum', async () => {
    const bbox = '16.90,52.40,16.95,52.42';
    const page = (await get<LayerFeaturePageView>(`/collections/parcels/items?bbox=${bbox}&limit=5000`)).json();
    const rows = await stack.sql<{ id: string }>(
      `SELECT id FROM layer_pub.parcels WHERE ST_Intersects(geom, ST_Transform(ST_Segmentize(ST_MakeEnvelope(16.90, 52.40, 16.95, 52.42, 4326), 0.01), 2180)) ORDER BY id`,
    );
    expect(page.features.map((feature) => feature.id).sort()).toEqual(rows.map((row) => row.id));
    expect(page.numberMatched).toBeUndefined();
    const elsewhere = (await get<LayerFeaturePageView>('/collections/parcels/items?bbox=2.2,48.8,2.5,48.9')).json();
    expect(elsewhere).toMatchObject({ features: [], numberReturned: 0 });
  });

  it('filters items with CQL2 text exactly as the same condition in SQL, paging with the filter kept', async () => {
    const filter = "area_sqm >= 800 AND NOT (teryt IN ('9999999')) AND name IS NULL OR id LIKE '%/1'";
    const ids: string[] = [];
    let path: string | undefined = `${OGC}/collections/parcels/items?limit=2&filter=${encodeURIComponent(filter)}&filter-lang=cql2-text`;
    while (path !== undefined) {
      const page = (await stack.api().get<LayerFeaturePageView>(path, { key: stack.apiKey })).json();
      expect(page.numberMatched).toBeUndefined();
      ids.push(...page.features.map((feature) => feature.id));
      path = href(page.links, 'next')?.slice(stack.gatewayUrls[0]!.length);
    }
    const rows = await stack.sql<{ id: string }>(
      `SELECT id FROM layer_pub.parcels WHERE area_sqm >= 800 AND NOT (teryt IN ('9999999')) AND name IS NULL OR id LIKE '%/1' ORDER BY id`,
    );
    expect(rows.length).toBeGreaterThan(2);
    expect(ids.sort()).toEqual(rows.map((row) => row.id));
  });

  it('describes the queryables of a collection as JSON Schema, from the catalogue', async () => {
    const res = await stack.api().get<{ properties: Record<string, { type: string; enum?: string[] }>; queryables: Array<{ id: string }> }>(`${OGC}/collections/parcels/queryables`, {
      key: stack.apiKey,
      headers: { accept: 'application/schema+json' },
    });
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toMatch(/^application\/schema\+json/);
    const catalogue = (await stack.api().get<LayerListView>('/v1/layers', { key: stack.apiKey })).json().layers.find((layer) => layer.id === 'parcels')!;
    expect(Object.keys(res.json().properties)).toEqual(expect.arrayContaining(['id', 'kind', 'name', 'teryt', ...catalogue.attributes.map((attribute) => attribute.name)]));
    expect(res.json().properties['kind']!.enum).toEqual(catalogue.kinds.map((kind) => kind.id));
    expect(res.json().properties['area_sqm']!.type).toBe('number');
    expect((await get('/collections/parcel/queryables')).status).toBe(404);
  });

  it('answers a broken filter, an unknown property and another filter language with 400 naming what is wrong', async () => {
    const cases: Array<[string, RegExp]> = [
      ["filter=area_sqm >= 'big'", /filter: area_sqm is number, the value is string at position 13 \(near: 'big'\)/],
      ["filter=owner = 'x'", /owner is not a queryable of parcels at position 1.*queryables are id, kind, name, teryt/],
      ['filter=area_sqm >=', /expected a literal, got 'the end' at position 12/],
      ['filter=(area_sqm > 1', /expected '\)', got 'the end'/],
      ['filter=area_sqm > 1&filter-lang=cql2-json', /filter \(CQL2 JSON\): the filter is not JSON/],
      ['filter=area_sqm > 1&filter-lang=ecql', /filter-lang must be cql2-text, cql-text, cql2-json/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/collections/parcels/items?${query.replace(/ /g, '%20')}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toMatch(message);
    }
  });

  it('answers unknown collections and items, bad bboxes and bad limits with the error envelope saying what is allowed', async () => {
    const unknown = await get('/collections/parcel/items');
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.message).toMatch(/No layer has the id parcel\. Layers listed as features: parcels/);
    expect((await get('/collections/parcel')).status).toBe(404);
    const tilesOnly = await get('/collections/contours/items');
    expect(tilesOnly.status).toBe(400);
    expect(tilesOnly.json().error.message).toMatch(/served only as vector tiles/);
    const noItem = await get('/collections/parcels/items/no-such-parcel');
    expect(noItem.status).toBe(404);
    expect(noItem.json().error.message).toMatch(/No feature has the id no-such-parcel in collection parcels/);
    for (const [query, message] of [
      ['bbox=16.9,52.4,17', /4 comma-separated numbers/],
      ['bbox=17,52.4,16.9,52.5', /minLng \(17\) must be less than maxLng/],
      ['limit=0', /limit must be an integer from 1 .*at most 1000/],
      ['limit=ten', /limit must be an integer from 1/],
      ['cursor=bm90LWEtY3Vyc29y', /not a cursor this API issued/],
    ] as const) {
      const res = await get(`/collections/parcels/items?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toMatch(message);
    }
  });

  it('needs a key with layers:read like every /v1 route', async () => {
    expect((await stack.api().get(`${OGC}/collections`)).status).toBe(401);
    const parcelsOnly = await stack.createKey(['parcels:read']);
    expect((await get('/collections', { key: parcelsOnly })).status).toBe(403);
  });
});
