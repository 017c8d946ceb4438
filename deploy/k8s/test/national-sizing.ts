/**
 * The database a national deployment needs, from bytes per parcel measured on the demo (88,477
 * parcels, 2026-12-07; docs/operations.md, "Sizing the database for the whole country"). Every
 * figure scales with the parcels: the other layers, the facts and the search index grow with the
 * land they describe.
 */
export const BYTES_PER_PARCEL = {
  /** One version of the parcels layer with its indexes. */
  parcelsVersion: 1_019,
  /** The unlogged stage of a parcels refresh, dropped after the copy. */
  parcelsStage: 278,
  /** Every other layer, one version each. */
  otherLayers: 4_356,
  /** The largest other layer (terrain statistics), whose second version exists during its refresh. */
  largestOtherLayer: 979,
  /** parcel-svc's facts read model. */
  facts: 5_906,
  /** search-svc's index, adjacency, geometry and keys. */
  searchIndex: 2_061,
  /** geocode-svc's units, places and address points. */
  geocode: 249,
} as const;

/** WAL a refresh of the parcels layer writes, per parcel. */
export const WAL_PER_PARCEL_REFRESH = 1_021;

export const NATIONAL_PARCELS = 35_000_000;

/**
 * The peak: two versions of parcels (the served one and the previous one a reader may still hold)
 * and a stage; the other layers and a second version of the largest; the facts and the search
 * index twice over, as a rebuild rewrites their rows and the old ones stay until vacuum.
 */
export function peakDatabaseBytes(parcels: number): number {
  const b = BYTES_PER_PARCEL;
  const perParcel = 2 * b.parcelsVersion + b.parcelsStage + b.otherLayers + b.largestOtherLayer + 2 * b.facts + 2 * b.searchIndex + b.geocode;
  return parcels * perParcel;
}

/** Kubernetes quantities as bytes: 100Gi, 2Ti, 512Mi. */
export function quantityBytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti)?$/.exec(quantity);
  if (!match) throw new Error(`not a quantity: ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

/** PostgreSQL sizes as bytes: 32GB, 512MB. */
export function postgresBytes(size: string): number {
  const match = /^(\d+)(kB|MB|GB|TB)$/.exec(size);
  if (!match) throw new Error(`not a PostgreSQL size: ${size}`);
  return Number(match[1]) * { kB: 2 ** 10, MB: 2 ** 20, GB: 2 ** 30, TB: 2 ** 40 }[match[2] as 'kB']!;
}
