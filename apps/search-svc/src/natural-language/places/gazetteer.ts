import { foldPolish } from '@lp/geo';
import type { RegionAlias } from '../lexicon/region-aliases.js';
import type { PlaceRow } from './place-row.js';

export type UnitLevel = 'voivodeship' | 'powiat' | 'gmina';

/** An administrative unit: what a search region can be. */
export interface Unit {
  teryt: string;
  level: UnitLevel;
  name: string;
  unitType: string;
  parentTeryt: string | null;
  label: string;
  /** A gmina that is a city with powiat rights (Kraków, Olsztyn), or that powiat itself. */
  cityWithPowiatRights: boolean;
}

/** Something a name can refer to, and the unit a search of it covers. */
export interface NamedPlace {
  source: 'unit' | 'locality' | 'alias';
  unit: Unit;
  /** For a locality: its own name, SIMC type and label; for units the unit's. */
  name: string;
  type: string;
  label: string;
  /** Only after a unit word: powiat names are adjectives (`krakowski`) that mean nothing alone. */
  needsUnitWord: boolean;
}

export interface NameEntry {
  words: readonly string[];
  places: NamedPlace[];
}

/**
 * One instance of each equal string: the same SIMC type, word or label tail repeats across
 * thousands of places, and every row pg returns carries its own copy.
 */
class StringPool {
  private readonly strings = new Map<string, string>();

  /** `slice`: the value is a slice of a longer string, kept as a copy of its own when first seen. */
  of(value: string, slice = false): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    const kept = slice ? flatCopy(value) : value;
    this.strings.set(kept, kept);
    return kept;
  }
}

/**
 * A label kept as its own head and a tail shared by every place of the same unit: `Jakubowo — wieś`
 * + `, gmina Prabuty, powiat kwidzyński, pomorskie`. V8 joins the two without copying (a cons
 * string), so 66,000 locality labels hold their unit's part once; the text is exactly the label.
 */
function sharedLabel(label: string, pool: StringPool): string {
  const comma = label.indexOf(', ');
  return comma < 0 ? label : flatCopy(label.slice(0, comma)) + pool.of(label.slice(comma), true);
}

/** A string of its own: V8 keeps a slice of 13 characters or more as a view that holds the whole original alive. */
function flatCopy(value: string): string {
  return Buffer.from(value, 'utf8').toString('utf8');
}

/**
 * Every voivodeship, powiat, gmina and SIMC locality of Poland in memory, indexed by the first word
 * of each folded name, so that finding the places a query names is a few map lookups per word.
 * Built from geocode-svc's published `geocode_pub.places` plus search's own region aliases.
 */
export class Gazetteer {
  readonly units = new Map<string, Unit>();
  private readonly byFirstWord = new Map<string, NameEntry[]>();
  private readonly byName = new Map<string, NameEntry>();
  /** Every word of every name: a word found here is left alone by spelling correction. */
  readonly nameWords = new Set<string>();
  /** First words of unit and alias names by first letter, for typo-tolerant lookups. */
  private readonly unitFirstWords = new Map<string, Set<string>>();
  readonly localityCount: number;
  /** Powiats per voivodeship with their folded core name (`poznanski`), for "Poznań county". */
  private readonly powiatsByVoivodeship = new Map<string, Array<{ unit: Unit; core: string; place: NamedPlace }>>();

  constructor(
    rows: readonly PlaceRow[],
    aliases: readonly RegionAlias[],
    /** What geocode's model was built from; a reload is needed when it changes. */
    readonly version: string,
  ) {
    // Held for the service's life (about 100,000 names): equal strings shared, arrays exactly sized.
    const pool = new StringPool();
    for (const row of rows) {
      if (row.kind === 'locality') continue;
      const unit: Unit = {
        teryt: row.teryt,
        level: row.kind,
        name: row.name,
        unitType: pool.of(row.unit_type),
        parentTeryt: row.parent_teryt,
        label: row.label,
        cityWithPowiatRights: row.unit_type === 'miasto na prawach powiatu',
      };
      this.units.set(unit.teryt, unit);
    }
    for (const unit of this.units.values()) {
      const powiat = unit.level === 'gmina' ? this.units.get(unit.teryt.slice(0, 4)) : undefined;
      if (powiat?.cityWithPowiatRights && foldPolish(powiat.name).replace(/^powiat /, '') === foldPolish(unit.name)) unit.cityWithPowiatRights = true;
    }
    for (const unit of this.units.values()) {
      const folded = foldPolish(unit.name);
      if (unit.level === 'powiat') {
        // "powiat ostródzki": indexed as "ostrodzki", found only after a unit word
        const core = folded.replace(/^powiat /, '');
        const place: NamedPlace = { source: 'unit', unit, name: unit.name, type: unit.unitType, label: unit.label, needsUnitWord: true };
        this.add(core, place, pool);
        const list = this.powiatsByVoivodeship.get(unit.teryt.slice(0, 2)) ?? [];
        list.push({ unit, core, place: { ...place, needsUnitWord: false } });
        this.powiatsByVoivodeship.set(unit.teryt.slice(0, 2), list);
      } else {
        this.add(folded, { source: 'unit', unit, name: unit.name, type: unit.unitType, label: unit.label, needsUnitWord: false }, pool);
      }
    }
    let localities = 0;
    for (const row of rows) {
      if (row.kind !== 'locality') continue;
      const unit = this.units.get(row.teryt);
      if (!unit) continue;
      localities++;
      const type = pool.of(row.unit_type);
      const place: NamedPlace = { source: 'locality', unit, name: row.name, type, label: sharedLabel(row.label, pool), needsUnitWord: false };
      this.add(row.name_folded, place, pool);
      // "Kraków-Nowa Huta": people say "Nowa Huta"
      const dash = row.name.indexOf('-');
      if ((row.unit_type === 'delegatura' || row.unit_type === 'dzielnica') && dash > 0) this.add(foldPolish(row.name.slice(dash + 1)), place, pool);
    }
    this.localityCount = localities;
    for (const alias of aliases) {
      const unit = this.units.get(alias.teryt);
      if (!unit) continue;
      for (const name of alias.names) this.add(name, { source: 'alias', unit, name: unit.name, type: unit.unitType, label: unit.label, needsUnitWord: false }, pool);
    }
    // a pushed array keeps spare capacity (16 slots after its first push): copies are exact; an
    // array of one was made by a literal and is exact already
    for (const [word, entries] of this.byFirstWord) if (entries.length > 1) this.byFirstWord.set(word, entries.slice().sort((a, b) => b.words.length - a.words.length));
    for (const entry of this.byName.values()) if (entry.places.length > 1) entry.places = entry.places.slice();
  }

  private add(folded: string, place: NamedPlace, pool: StringPool): void {
    if (folded === '') return;
    let entry = this.byName.get(folded);
    if (!entry) {
      const words = folded.split(' ').map((word) => pool.of(word));
      entry = { words, places: [place] };
      this.byName.set(folded, entry);
      const list = this.byFirstWord.get(words[0]!);
      if (list) list.push(entry);
      else this.byFirstWord.set(words[0]!, [entry]);
      for (const word of words) this.nameWords.add(word);
      if (place.source !== 'locality') {
        const letter = words[0]![0]!;
        const set = this.unitFirstWords.get(letter) ?? new Set<string>();
        set.add(words[0]!);
        this.unitFirstWords.set(letter, set);
      }
      return;
    }
    entry.places.push(place);
  }

  /** Names whose first word is `word` (a nominative), longest first. */
  entriesStartingWith(word: string): readonly NameEntry[] {
    return this.byFirstWord.get(word) ?? [];
  }

  /** First words of unit and alias names starting with this letter (for spelling correction). */
  unitFirstWordsStartingWith(letter: string): ReadonlySet<string> {
    return this.unitFirstWords.get(letter) ?? new Set();
  }

  powiatsOf(voivodeship: string): ReadonlyArray<{ unit: Unit; core: string; place: NamedPlace }> {
    return this.powiatsByVoivodeship.get(voivodeship) ?? [];
  }

  unit(teryt: string): Unit | undefined {
    return this.units.get(teryt);
  }

  /** Whether `inner` lies in `outer` (or is it). */
  static contains(outer: Unit, inner: Unit): boolean {
    return inner.teryt.startsWith(outer.teryt);
  }
}
