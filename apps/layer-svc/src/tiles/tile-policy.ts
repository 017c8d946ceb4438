import type { AttributeType, LayerAttribute, LayerDefinition } from '@lp/contracts';

/** MVT tile grid: 4096 units a side, 64 units of buffer so lines and outlines join across tiles. */
export const TILE_EXTENT = 4096;
export const TILE_BUFFER = 64;
/** Features per tile at most; beyond it a tile keeps the largest (area, length) features. */
export const TILE_FEATURE_CAP = 20_000;
/**
 * Bytes of one tile at most: a map that gets more from one tile draws slowly, and a reply this size
 * still fits one NATS message (1 MiB by default; larger replies travel in chunks). A denser tile is
 * made again with a quarter of the features, keeping the largest.
 */
export const TILE_MAX_BYTES = 640 * 1024;
/** Deepest zoom with full detail (sub-metre at Poland's latitude); clients overzoom beyond it. */
export const TILE_DATA_MAXZOOM = 16;
/** Bumped when the content of tiles changes for the same data, so entity tags change too. */
export const TILE_FORMAT = 'm2';

/**
 * Shallowest zoom a layer is drawn at; below it tiles are empty. Dense layers start late: a z10
 * tile of parcels would hold a hundred thousand of them and say nothing a map can show.
 */
const MINZOOM: Record<string, number> = {
  parcels: 13,
  buildings: 13,
  contours: 12,
  forest_stands: 10,
  mpzp_zones: 10,
  plan_ogolny_zones: 9,
  studium_zones: 9,
  transport_stops: 9,
  roads: 8,
  kowr_land: 8,
};
const DEFAULT_MINZOOM = 5;

export function tileMinzoom(layer: LayerDefinition): number {
  return MINZOOM[layer.id] ?? DEFAULT_MINZOOM;
}

/** Attributes carried in tiles beside id, kind, name and teryt: the required ones, then numbers and flags. */
const TILE_ATTRIBUTE_MAX = 6;
/** Columns every tile feature has (or the tile query uses); no attribute may take their name. */
const TILE_CORE_NAMES = new Set(['id', 'kind', 'name', 'teryt', 'fid', 'geom', 'rank']);

export function tileAttributes(layer: LayerDefinition): LayerAttribute[] {
  const usable = layer.attributes.filter((attribute) => !TILE_CORE_NAMES.has(attribute.name) && !attribute.name.endsWith('_url'));
  const ranked = [
    ...usable.filter((attribute) => attribute.required),
    ...usable.filter((attribute) => !attribute.required && attribute.type !== 'string' && attribute.type !== 'date'),
    ...usable.filter((attribute) => !attribute.required && (attribute.type === 'string' || attribute.type === 'date')),
  ];
  return ranked.slice(0, TILE_ATTRIBUTE_MAX);
}

const FIELD_TYPE: Record<AttributeType, string> = { number: 'Number', integer: 'Number', boolean: 'Boolean', string: 'String', date: 'String' };

/** TileJSON `fields`: property name to type, as the tiles carry them. */
export function tileFields(layer: LayerDefinition): Record<string, string> {
  const fields: Record<string, string> = { id: 'String', kind: 'String', name: 'String', teryt: 'String' };
  for (const attribute of tileAttributes(layer)) fields[attribute.name] = FIELD_TYPE[attribute.type];
  return fields;
}

/**
 * Simplification before a tile is cut, in web-mercator units (tiles simplify the version table's
 * web-mercator copy): half a tile unit at the zoom, a unit being 40075 km / 2^z / 4096. ST_AsMVTGeom
 * snaps to that grid anyway; simplifying first saves encoding vertices that would be dropped.
 */
export function tileSimplifyTolerance(z: number): number {
  if (z >= TILE_DATA_MAXZOOM) return 0;
  return (0.5 * 40_075_016.686) / (TILE_EXTENT * 2 ** z);
}
