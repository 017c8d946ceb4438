import { foldPolish } from '@lp/geo';
import { NamedAreas } from './named-areas.js';

/** Layers whose named features a query can measure from ("stacja Kromolice", "dworzec Poznań Główny"). */
export const ANCHOR_LAYERS = ['power_substations', 'transport_stops'] as const;
export type AnchorLayer = (typeof ANCHOR_LAYERS)[number];

/** One named feature as read from layer_pub (x, y in EPSG:2180 metres: a point on it). */
export interface NamedFeatureRow {
  layer: AnchorLayer;
  id: string;
  name: string;
  kind: string;
  teryt: string | null;
  gmina: string | null;
  x: number;
  y: number;
}

/** Features of one name that lie this close together are one place (a substation's OSM vertices, a stop's two platforms). */
export const SAME_PLACE_M = 2_000;

/**
 * Words of a feature name that say what it is, not which one: "Stacja elektroenergetyczna
 * Kromolice 400/110kV" is known as "Kromolice". Voltages and bare numbers after a name are dropped
 * too; a number inside a name stays ("Stacja transformatorowa Kórnik 12" is "kornik 12").
 */
const GENERIC_WORDS = new Set([
  'stacja', 'elektroenergetyczna', 'energetyczna', 'transformatorowa', 'podstacja', 'rozdzielnia', 'gpz', 'se', 'rpz', 'gsz',
  'substation', 'station', 'kv', 'przystanek', 'dworzec', 'kolejowa', 'pkp',
]);

/** The words a feature is called by, folded: generic words, quotes and voltages removed. */
export function nameKey(name: string): string {
  const words = foldPolish(name.toLowerCase())
    .replace(/\d+(?:[/.,]\d+)*\s*kv\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !GENERIC_WORDS.has(word));
  // the operator's number before a name ("17 Rataje" is called "Rataje")
  while (words.length > 1 && /^\d+$/.test(words[0]!)) words.shift();
  // a trailing voltage list without "kV" ("Plewiska 400/220/110")
  while (words.length > 1 && /^\d{2,3}$/.test(words[words.length - 1]!) && words.some((w) => !/^\d+$/.test(w))) {
    const last = Number(words[words.length - 1]);
    if (![15, 20, 30, 60, 110, 220, 400, 750].includes(last)) break;
    words.pop();
  }
  return words.join(' ');
}

/**
 * The named features of the anchor layers in memory, by layer and name key. Built from rows read
 * at start-up (NamedFeaturesService); pure lookups afterwards.
 */
export class NamedFeatures {
  private readonly byKey = new Map<string, NamedFeatureRow[]>();
  /** Longest name, in words: how far a mention can reach. */
  readonly maxWords: number;

  constructor(
    rows: readonly NamedFeatureRow[],
    readonly version: string,
    /** Named waters and forests (named-areas.ts), measured from by name. */
    readonly areas: NamedAreas = new NamedAreas([], []),
  ) {
    let maxWords = 0;
    for (const row of rows) {
      const key = nameKey(row.name);
      if (key === '' || /^\d+$/.test(key)) continue;
      const slot = `${row.layer}|${key}`;
      const list = this.byKey.get(slot);
      if (list) list.push(row);
      else this.byKey.set(slot, [row]);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
    for (const list of this.byKey.values()) list.sort((a, b) => a.id.localeCompare(b.id));
    this.maxWords = maxWords;
  }

  get size(): number {
    return this.byKey.size + this.areas.size;
  }

  /** Features of the layer (optionally of some kinds) called `key` (folded words joined by spaces). */
  find(layer: AnchorLayer, key: string, kinds?: readonly string[]): NamedFeatureRow[] {
    const found = this.byKey.get(`${layer}|${key}`) ?? [];
    return kinds ? found.filter((row) => kinds.includes(row.kind)) : found;
  }
}

/** Splits features of one name into places: each feature joins a place with one within SAME_PLACE_M. */
export function placesOf(features: readonly NamedFeatureRow[]): NamedFeatureRow[][] {
  const places: NamedFeatureRow[][] = [];
  for (const feature of features) {
    const near = places.filter((place) => place.some((other) => Math.hypot(other.x - feature.x, other.y - feature.y) <= SAME_PLACE_M));
    if (near.length === 0) {
      places.push([feature]);
      continue;
    }
    const merged = near.flat();
    merged.push(feature);
    for (const place of near) places.splice(places.indexOf(place), 1);
    places.push(merged);
  }
  return places.map((place) => [...place].sort((a, b) => a.id.localeCompare(b.id))).sort((a, b) => a[0]!.id.localeCompare(b[0]!.id));
}
