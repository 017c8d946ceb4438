import { foldPolish } from '@lp/geo';

/**
 * Named waters and forests a distance can be measured from: "do 500 m od Warty", "nad Jeziorem
 * Kierskim", "within 2 km of the Puszcza Notecka". Waters are the named features of `waterways`
 * (a river is many segments: it is meant by its name); forests are the named forest complexes of
 * `env_layers` (the forest promotional complexes, and landscape parks named after a forest), since
 * land cover holds forests without names.
 */

/** Waters of one name and kind in `waterways` (a river's segments, a lake's shoreline). */
export interface NamedWaterRow {
  name: string;
  kind: string;
  /** How many features of the layer carry this name and kind. */
  features: number;
}

/** A named forest complex of `env_layers`. */
export interface NamedForestRow {
  id: string;
  name: string;
  kind: string;
}

/** The env_layers kinds whose names name a forest ("LKP Puszcza Notecka", "Park Krajobrazowy Puszcza Zielonka"). */
export const FOREST_NAME_KINDS = ['forest_promotional_complex', 'landscape_park'] as const;

/** Words of a water's name that say what it is: "Jezioro Kierskie" is known as "Kierskie" after "jezioro". */
const WATER_WORDS = new Set(['jezioro', 'rzeka', 'kanal', 'zalew', 'staw', 'zbiornik', 'wodny', 'retencyjny', 'struga', 'potok']);
/** Words of a forest complex's name that say what it is, not which forest. */
const FOREST_LABEL_WORDS = new Set(['lkp', 'lesny', 'kompleks', 'promocyjny', 'park', 'krajobrazowy']);
/** A forest's own name begins with one of these: "Puszcza Notecka", "Bory Tucholskie", "Lasy Janowskie". */
const FOREST_HEADS = /^(puszcz|bor|las)/;

const words = (name: string): string[] => foldPolish(name.toLowerCase()).split(/[^a-z0-9]+/).filter((word) => word !== '');

/** The key of a water name: folded words, the word saying what it is dropped; and whether the name is the key itself. */
export function waterKey(name: string): { key: string; bare: boolean } {
  const all = words(name);
  const kept = all.filter((word) => !WATER_WORDS.has(word));
  return { key: kept.join(' '), bare: kept.length === all.length };
}

/** The key of a forest complex's name ("puszcza notecka"), or '' when the name is no forest's. */
export function forestKey(name: string): string {
  const kept = words(name).filter((word) => !FOREST_LABEL_WORDS.has(word));
  return kept.length >= 2 && FOREST_HEADS.test(kept[0]!) ? kept.join(' ') : '';
}

/** The named waters and forests in memory, by key. */
export class NamedAreas {
  private readonly waters = new Map<string, NamedWaterRow[]>();
  /** Keys of waters whose whole name is the key ("Warta", not "Jezioro Ostróda"): the ones a bare name can mean. */
  private readonly bareWaters = new Set<string>();
  private readonly forests = new Map<string, NamedForestRow[]>();
  readonly maxWords: number;

  constructor(waters: readonly NamedWaterRow[], forests: readonly NamedForestRow[]) {
    let maxWords = 0;
    for (const row of waters) {
      const { key, bare } = waterKey(row.name);
      if (key === '' || /^\d+$/.test(key)) continue;
      push(this.waters, key, row);
      if (bare) this.bareWaters.add(key);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
    for (const row of forests) {
      const key = forestKey(row.name);
      if (key === '') continue;
      push(this.forests, key, row);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
    for (const list of this.waters.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
    for (const list of this.forests.values()) list.sort((a, b) => a.id.localeCompare(b.id));
    this.maxWords = maxWords;
  }

  get size(): number {
    return this.waters.size + this.forests.size;
  }

  /** Waters called `key` ("jezioro maltanskie" is "maltanskie"); `bare`: only those whose whole name it is. */
  water(said: string, bare = false): NamedWaterRow[] {
    const key = bare ? said : said.split(' ').filter((word) => !WATER_WORDS.has(word)).join(' ');
    if (bare && !this.bareWaters.has(key)) return [];
    const rows = this.waters.get(key) ?? [];
    return bare ? rows.filter((row) => waterKey(row.name).bare) : rows;
  }

  forest(key: string): NamedForestRow[] {
    return this.forests.get(key) ?? [];
  }
}

function push<T>(map: Map<string, T[]>, key: string, row: T): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
