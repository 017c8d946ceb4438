import { POLAND_BBOX_WGS84 } from '@lp/geo';
import type { LayerCollectionReply, LinkView, OgcCollectionView, OgcCollectionsView, OgcConformanceView, OgcLandingView } from '@lp/contracts';

/** Where OGC API - Features is served; documented in the README and the landing page. */
export const OGC_PREFIX = '/v1/ogc';
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';

/** What we implement of OGC API - Features Part 1 (JSON only, no HTML). */
export const CONFORMANCE_CLASSES = ['http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core', 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson'];

export function landingPage(base: string): OgcLandingView {
  const root = `${base}${OGC_PREFIX}`;
  return {
    title: 'Land-parcel geodata for Poland: OGC API - Features',
    description:
      'Every catalogue layer served via api, as OGC API - Features collections (GeoJSON, CRS84). Same API key as the rest of /v1 (Authorization: Bearer). ' +
      'Items page by links rel=next; bbox is minLng,minLat,maxLng,maxLat.',
    links: [
      { href: root, rel: 'self', type: JSON_TYPE, title: 'This document' },
      { href: `${base}/openapi.json`, rel: 'service-desc', type: 'application/vnd.oai.openapi+json;version=3.1', title: 'The API definition' },
      { href: `${base}/docs`, rel: 'service-doc', type: 'text/html', title: 'The API documentation' },
      { href: `${root}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes implemented' },
      { href: `${root}/collections`, rel: 'data', type: JSON_TYPE, title: 'The collections' },
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
    { href: `${base}/v1/layers`, rel: 'describedby', type: JSON_TYPE, title: 'The layer catalogue: attributes, kinds, coverage and freshness' },
  ];
  return {
    id: layer.id,
    title: layer.name,
    description: `${layer.source} Coverage: ${layer.coverage}. Version ${layer.version}, refreshed ${layer.refreshed_at ?? 'never'}.`,
    extent: { spatial: { bbox: [layer.extent_wgs84 ?? [poland.minLng, poland.minLat, poland.maxLng, poland.maxLat]], crs: CRS84 } },
    itemType: 'feature',
    crs: [CRS84],
    feature_count: layer.feature_count,
    links,
  };
}
