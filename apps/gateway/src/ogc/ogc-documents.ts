import { POLAND_BBOX_WGS84 } from '@lp/geo';
import {
  CRS84_URI,
  EPSG_2180_URI,
  type LayerCollectionReply,
  type LayerQueryablesReply,
  type LinkView,
  type OgcCollectionView,
  type OgcCollectionsView,
  type OgcConformanceView,
  type OgcLandingView,
} from '@lp/contracts';

/** Where OGC API - Features is served; documented in docs/gis-clients.md and the landing page. */
export const OGC_PREFIX = '/v1/ogc';
/** The OpenAPI description of just the OGC API, paths relative to OGC_PREFIX (public, like /openapi.json). */
export const OGC_API_DOCUMENT_PATH = '/openapi/ogc.json';
export const CRS84 = CRS84_URI;
const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';
export const SCHEMA_TYPE = 'application/schema+json';

/**
 * What we implement: Features Part 1 (JSON only, no HTML), Part 2 (CRS84 and EPSG:2180), Part 3
 * filtering with CQL2 text and JSON, basic and advanced comparison (LIKE, BETWEEN, IN) and
 * S_INTERSECTS with any geometry literal (no temporal functions); Tiles with vector tiles (MVT) in
 * WebMercatorQuad. GDAL and QGIS push a filter to the server only when these are declared.
 */
export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions-plus',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
  'http://www.opengis.net/spec/tms/2.0/conf/tilematrixset',
  'http://www.opengis.net/spec/tms/2.0/conf/json-tilematrixset',
];

/** The CRS items may be asked in (Part 2), the first being the default. */
export const COLLECTION_CRS = [CRS84_URI, EPSG_2180_URI];

export function landingPage(base: string): OgcLandingView {
  const root = `${base}${OGC_PREFIX}`;
  return {
    title: 'Land-parcel geodata for Poland: OGC API - Features and Tiles',
    description:
      'Every catalogue layer served via api, as OGC API - Features collections (GeoJSON in CRS84, or EPSG:2180 with crs=); the layers served as tiles ' +
      'also as OGC API - Tiles vector tilesets (WebMercatorQuad). Same API key as the rest of /v1 (Authorization: Bearer). ' +
      'Items page by links rel=next; bbox is minLng,minLat,maxLng,maxLat (or northing/easting with bbox-crs EPSG:2180).',
    links: [
      { href: root, rel: 'self', type: JSON_TYPE, title: 'This document' },
      { href: `${base}${OGC_API_DOCUMENT_PATH}`, rel: 'service-desc', type: 'application/vnd.oai.openapi+json;version=3.1', title: 'The API definition of this OGC API' },
      { href: `${base}/docs`, rel: 'service-doc', type: 'text/html', title: 'The API documentation' },
      { href: `${root}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes implemented' },
      { href: `${root}/collections`, rel: 'data', type: JSON_TYPE, title: 'The collections' },
      { href: `${root}/tileMatrixSets`, rel: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes', type: JSON_TYPE, title: 'The tile matrix sets of the vector tiles' },
    ],
  };
}

export function conformance(): OgcConformanceView {
  return { conformsTo: CONFORMANCE_CLASSES };
}

export function collectionsDocument(base: string, layers: LayerCollectionReply[]): OgcCollectionsView {
  return {
    collections: layers.map((layer) => collectionDocument(base, layer)),
    links: [{ href: `${base}${OGC_PREFIX}/collections`, rel: 'self', type: JSON_TYPE, title: 'The collections' }],
  };
}

/** A layer as a collection; a layer with no data yet has Poland as its extent (what it will cover). */
export function collectionDocument(base: string, layer: LayerCollectionReply): OgcCollectionView {
  const self = `${base}${OGC_PREFIX}/collections/${layer.id}`;
  const poland = POLAND_BBOX_WGS84;
  const links: LinkView[] = [
    { href: self, rel: 'self', type: JSON_TYPE, title: 'This collection' },
    { href: `${self}/items`, rel: 'items', type: GEOJSON_TYPE, title: 'Features of this collection' },
    { href: `${self}/queryables`, rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables', type: SCHEMA_TYPE, title: 'Properties a filter may name' },
    // GDAL 3.6 looks the queryables up under the draft relation name.
    { href: `${self}/queryables`, rel: 'queryables', type: JSON_TYPE, title: 'Properties a filter may name' },
    { href: `${base}/v1/layers`, rel: 'describedby', type: JSON_TYPE, title: 'The layer catalogue: attributes, kinds, coverage and freshness' },
  ];
  if (layer.served_via.includes('tiles')) {
    links.push({ href: `${self}/tiles`, rel: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector', type: JSON_TYPE, title: 'Vector tilesets of this collection (WebMercatorQuad, MVT)' });
  }
  return {
    id: layer.id,
    title: layer.name,
    description: `${layer.source} Coverage: ${layer.coverage}. Version ${layer.version}, refreshed ${layer.refreshed_at ?? 'never'}.`,
    extent: { spatial: { bbox: [layer.extent_wgs84 ?? [poland.minLng, poland.minLat, poland.maxLng, poland.maxLat]], crs: CRS84 } },
    itemType: 'feature',
    crs: COLLECTION_CRS,
    storageCrs: EPSG_2180_URI,
    feature_count: layer.feature_count,
    links,
  };
}

const JSON_SCHEMA_TYPES: Record<LayerQueryablesReply['queryables'][number]['type'], Record<string, string>> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
};

/**
 * The queryables of a collection as JSON Schema (Part 3). `queryables` (an array of ids) is the
 * draft form GDAL 3.6 reads to decide which conditions it may send to the server.
 */
export function queryablesDocument(base: string, reply: LayerQueryablesReply): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${base}${OGC_PREFIX}/collections/${reply.layer_id}/queryables`,
    type: 'object',
    title: `Queryables of ${reply.layer_id}`,
    properties: Object.fromEntries([
      ...reply.queryables.map((queryable) => [
        queryable.name,
        {
          ...JSON_SCHEMA_TYPES[queryable.type],
          description: queryable.unit ? `${queryable.description} (${queryable.unit})` : queryable.description,
          ...(queryable.enum ? { enum: queryable.enum } : {}),
        },
      ]),
      // Every collection has one geometry, the property S_INTERSECTS takes (Part 3 names its format).
      ['geometry', { format: 'geometry-any', 'x-ogc-role': 'primary-geometry', description: 'The geometry of the feature; filter it with S_INTERSECTS(geometry, <geometry>)' }],
    ]),
    additionalProperties: false,
    // The draft list GDAL 3.6 reads holds the attributes only: its attribute filters are what it pushes down.
    queryables: reply.queryables.map((queryable) => ({ id: queryable.name, type: queryable.type })),
  };
}
