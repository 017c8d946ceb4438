/**
 * What the base map shows at each zoom: a few source layers of our own data, thinned at low zooms
 * to the kinds a map of that scale draws (voivodeships and motorways for all of Poland, every
 * gmina, road and building near one parcel). Layer names inside the tile are the layer ids, plus
 * `places`: one label point per administrative unit (and per city with powiat rights, kind `city`,
 * where gminas are not drawn).
 */
export interface BasemapLayer {
  layer: string;
  minzoom: number;
  /** Kinds drawn at zoom z; null: every kind. */
  kinds(z: number): readonly string[] | null;
}

/** The administrative levels drawn (and labelled) at a zoom. */
export function adminKinds(z: number): readonly string[] {
  if (z < 7) return ['voivodeship'];
  if (z < 9) return ['voivodeship', 'powiat'];
  return ['voivodeship', 'powiat', 'gmina'];
}

export const BASEMAP_LAYERS: readonly BasemapLayer[] = [
  { layer: 'land_cover', minzoom: 8, kinds: (z) => (z < 11 ? ['forest', 'water', 'built_up', 'wetland'] : null) },
  { layer: 'waterways', minzoom: 7, kinds: (z) => (z < 10 ? ['river', 'canal', 'lake', 'reservoir'] : null) },
  { layer: 'admin_bounds', minzoom: 0, kinds: adminKinds },
  {
    layer: 'roads',
    minzoom: 6,
    kinds: (z) => (z < 9 ? ['motorway', 'expressway', 'trunk'] : z < 12 ? ['motorway', 'expressway', 'trunk', 'main', 'collective'] : null),
  },
  { layer: 'buildings', minzoom: 13, kinds: () => null },
];

/** Name of the label-point layer inside a base-map tile. */
export const PLACES_LAYER = 'places';

/** Bumped when the content of base-map tiles changes for the same data, so entity tags change too. */
export const BASEMAP_FORMAT = 'b2';
