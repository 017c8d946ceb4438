import { TILE_MAX_ZOOM, tileAt } from '@lp/geo';
import { AppError, type LinkView, type TileJsonView } from '@lp/contracts';
import { MVT } from '../layers/tile-reply.js';
import { OGC_PREFIX } from './ogc-documents.js';

/** The one tile matrix set our vector tiles are cut in (web mercator XYZ, z 0 to 22). */
export const WEB_MERCATOR_QUAD = 'WebMercatorQuad';
export const WEB_MERCATOR_QUAD_URI = 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad';
const EPSG_3857_URI = 'http://www.opengis.net/def/crs/EPSG/0/3857';
export const TILING_SCHEME_REL = 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme';
const JSON_TYPE = 'application/json';
/** Half the web mercator world, metres. */
const ORIGIN = 20037508.342789244;
/** Scale denominator and metres per pixel of zoom 0 (256-pixel tiles, 0.28 mm pixels). */
const SCALE_0 = 559082264.0287178;
const CELL_0 = 156543.03392804097;

/** The tile path of a tileset: OGC order, tileMatrix (zoom) / tileRow (y) / tileCol (x). */
export function tileTemplate(base: string, collectionId: string): string {
  return `${base}${OGC_PREFIX}/collections/${collectionId}/tiles/${WEB_MERCATOR_QUAD}/{tileMatrix}/{tileRow}/{tileCol}`;
}

export function checkTileMatrixSet(id: string): void {
  if (id !== WEB_MERCATOR_QUAD) throw AppError.notFound(`No tile matrix set ${id.slice(0, 60)}; the tiles of this API are cut in ${WEB_MERCATOR_QUAD} only (${OGC_PREFIX}/tileMatrixSets).`);
}

export function tileMatrixSetsDocument(base: string): Record<string, unknown> {
  const self = `${base}${OGC_PREFIX}/tileMatrixSets`;
  return {
    tileMatrixSets: [
      {
        id: WEB_MERCATOR_QUAD,
        title: 'Google Maps Compatible for the World (web mercator, EPSG:3857)',
        uri: WEB_MERCATOR_QUAD_URI,
        crs: EPSG_3857_URI,
        links: [{ href: `${self}/${WEB_MERCATOR_QUAD}`, rel: TILING_SCHEME_REL, type: JSON_TYPE, title: 'WebMercatorQuad definition' }],
      },
    ],
    links: [{ href: self, rel: 'self', type: JSON_TYPE, title: 'The tile matrix sets' }],
  };
}

/**
 * WebMercatorQuad as OGC Two Dimensional Tile Matrix Set 2.0 JSON. GDAL 3.6 reads the 2.0 draft
 * names only (identifier, supportedCRS, lowerCorner/upperCorner, topLeftCorner), and without them
 * takes the document for a file name, so those are written beside the 2.0 ones.
 */
export function webMercatorQuadDocument(base: string): Record<string, unknown> {
  const tileMatrices = Array.from({ length: TILE_MAX_ZOOM + 1 }, (_, z) => ({
    id: String(z),
    identifier: String(z),
    scaleDenominator: SCALE_0 / 2 ** z,
    cellSize: CELL_0 / 2 ** z,
    cornerOfOrigin: 'topLeft',
    pointOfOrigin: [-ORIGIN, ORIGIN],
    topLeftCorner: [-ORIGIN, ORIGIN],
    tileWidth: 256,
    tileHeight: 256,
    matrixWidth: 2 ** z,
    matrixHeight: 2 ** z,
  }));
  return {
    id: WEB_MERCATOR_QUAD,
    identifier: WEB_MERCATOR_QUAD,
    title: 'Google Maps Compatible for the World',
    uri: WEB_MERCATOR_QUAD_URI,
    crs: EPSG_3857_URI,
    supportedCRS: EPSG_3857_URI,
    orderedAxes: ['X', 'Y'],
    wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
    boundingBox: { lowerLeft: [-ORIGIN, -ORIGIN], upperRight: [ORIGIN, ORIGIN], lowerCorner: [-ORIGIN, -ORIGIN], upperCorner: [ORIGIN, ORIGIN], crs: EPSG_3857_URI },
    tileMatrices,
    links: [{ href: `${base}${OGC_PREFIX}/tileMatrixSets/${WEB_MERCATOR_QUAD}`, rel: 'self', type: JSON_TYPE, title: 'This tile matrix set' }],
  };
}

function tilesetSummary(base: string, collectionId: string, tileJson: TileJsonView): Record<string, unknown> {
  const self = `${base}${OGC_PREFIX}/collections/${collectionId}/tiles/${WEB_MERCATOR_QUAD}`;
  return {
    title: `${tileJson.name} vector tiles`,
    dataType: 'vector',
    crs: EPSG_3857_URI,
    tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
    links: [
      { href: self, rel: 'self', type: JSON_TYPE, title: 'Tileset metadata' },
      { href: `${base}${OGC_PREFIX}/tileMatrixSets/${WEB_MERCATOR_QUAD}`, rel: TILING_SCHEME_REL, type: JSON_TYPE, title: 'The tile matrix set' },
      { href: tileTemplate(base, collectionId), rel: 'item', type: MVT, title: 'Mapbox vector tiles', templated: true },
    ],
  };
}

/** GET /collections/{id}/tiles: the tilesets of a collection (one, in WebMercatorQuad). */
export function tilesetsDocument(base: string, collectionId: string, tileJson: TileJsonView): Record<string, unknown> {
  return {
    tilesets: [tilesetSummary(base, collectionId, tileJson)],
    links: [
      { href: `${base}${OGC_PREFIX}/collections/${collectionId}/tiles`, rel: 'self', type: JSON_TYPE, title: 'The tilesets of this collection' },
      { href: `${base}${OGC_PREFIX}/collections/${collectionId}`, rel: 'collection', type: JSON_TYPE, title: 'The collection' },
    ],
  };
}

/**
 * GET /collections/{id}/tiles/WebMercatorQuad: the tileset metadata, from the layer's TileJSON:
 * the zoom range and bounds as tileMatrixSetLimits, and the one layer inside each tile with its
 * fields. Tiles beyond maxzoom are not cut: clients overzoom.
 */
export function tilesetDocument(base: string, collectionId: string, tileJson: TileJsonView): Record<string, unknown> {
  const summary = tilesetSummary(base, collectionId, tileJson);
  const [minLng, minLat, maxLng, maxLat] = tileJson.bounds as [number, number, number, number];
  const propertyType: Record<string, string> = { String: 'string', Number: 'number', Boolean: 'boolean' };
  return {
    ...summary,
    title: `${tileJson.name} vector tiles`,
    description: tileJson.description,
    attribution: tileJson.attribution,
    version: tileJson.version,
    boundingBox: { lowerLeft: [minLng, minLat], upperRight: [maxLng, maxLat], crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' },
    // The tiles that hold data, zoom by zoom: clients ask for nothing outside them.
    tileMatrixSetLimits: Array.from({ length: tileJson.maxzoom - tileJson.minzoom + 1 }, (_, i) => {
      const z = tileJson.minzoom + i;
      const upperLeft = tileAt(minLng, maxLat, z);
      const lowerRight = tileAt(maxLng, minLat, z);
      return { tileMatrix: String(z), minTileRow: upperLeft.y, maxTileRow: lowerRight.y, minTileCol: upperLeft.x, maxTileCol: lowerRight.x };
    }),
    centerPoint: tileJson.center ? { coordinates: tileJson.center.slice(0, 2), tileMatrix: String(tileJson.center[2] ?? tileJson.minzoom), crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' } : undefined,
    layers: tileJson.vector_layers.map((layer) => ({
      id: layer.id,
      title: layer.description,
      dataType: 'vector',
      minTileMatrix: String(layer.minzoom),
      maxTileMatrix: String(layer.maxzoom),
      propertiesSchema: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(layer.fields).map(([name, type]) => [name, { type: propertyType[type] ?? 'string' }])),
      },
    })),
    links: [
      ...(summary['links'] as LinkView[]),
      { href: `${base}${OGC_PREFIX}/collections/${collectionId}`, rel: 'collection', type: JSON_TYPE, title: 'The collection' },
      { href: `${base}/v1/layers/${collectionId}/tiles.json`, rel: 'alternate', type: JSON_TYPE, title: 'The same tiles as TileJSON 3.0.0 (XYZ z/x/y)' },
    ],
  };
}
