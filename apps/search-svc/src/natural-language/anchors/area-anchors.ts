import { baseCandidates } from '../places/inflection.js';
import type { TargetId } from '../lexicon/meanings.js';
import type { Token } from '../text/tokens.js';
import type { NamedAreas, NamedForestRow, NamedWaterRow } from './named-areas.js';

/** What a water's head word says it is; the layer and the name decide the features. */
interface WaterHead {
  /** Folded words (a trailing `*` is a prefix). */
  words: string[];
  lang: 'pl' | 'en';
}

/** "rzeka Warta", "jezioro Kierskie", "Kanał Elbląski", "the river Warta", "Lake Kierskie". */
const WATER_HEADS_BEFORE: readonly WaterHead[] = [
  { words: ['rzek*'], lang: 'pl' },
  { words: ['rzec*'], lang: 'pl' },
  { words: ['rzeczk*'], lang: 'pl' },
  { words: ['jezior*'], lang: 'pl' },
  { words: ['kanal*'], lang: 'pl' },
  { words: ['zalew*'], lang: 'pl' },
  { words: ['zbiornik*', 'wodn*'], lang: 'pl' },
  { words: ['zbiornik*', 'retencyjn*'], lang: 'pl' },
  { words: ['zbiornik*'], lang: 'pl' },
  { words: ['river'], lang: 'en' },
  { words: ['lake'], lang: 'en' },
  { words: ['canal'], lang: 'en' },
  { words: ['reservoir'], lang: 'en' },
];

/** "the Warta river", "Kierskie lake". */
const WATER_HEADS_AFTER: readonly WaterHead[] = [
  { words: ['river'], lang: 'en' },
  { words: ['lake'], lang: 'en' },
  { words: ['canal'], lang: 'en' },
  { words: ['reservoir'], lang: 'en' },
];

/** Words before a bare name that make it what a distance is measured from ("do 500 m od Warty"). */
const FROM_WORDS = new Set(['od', 'from', 'of', 'to']);
/** "nad Wartą": by the water. */
const BY_WATER_WORDS = new Set(['nad']);

const MAX_NAME_WORDS = 3;

/** The target a named water is searched as: its kinds, with a stream read as a river. */
function waterTarget(rows: readonly NamedWaterRow[]): TargetId {
  const kinds = new Set(rows.map((row) => row.kind));
  if ([...kinds].every((kind) => kind === 'lake')) return 'lake';
  if ([...kinds].every((kind) => kind === 'canal')) return 'canal';
  if ([...kinds].every((kind) => kind === 'reservoir')) return 'reservoir';
  if ([...kinds].every((kind) => kind === 'river' || kind === 'stream')) return 'river';
  return 'water';
}

/** A named water or forest found in the query. */
export interface AreaAnchorMention {
  target: TargetId;
  layer: 'waterways' | 'env_layers';
  /** The name as the data writes it. */
  name: string;
  /** Waters: every feature of that name and those kinds (a river is many segments). */
  where?: Record<string, unknown>;
  kinds?: string[];
  /** Forests: the forest complexes' ids. */
  ids?: string[];
  label: string;
  start: number;
  end: number;
  lang: 'pl' | 'en' | null;
  /** Said without a head word ("od Warty"): the name may be a place's too. */
  bare: boolean;
  /** The folded key the name was found by. */
  key: string;
}

export interface AreaAnchorContext {
  tokens: readonly Token[];
  free: (index: number) => boolean;
  known: (fold: string) => boolean;
  /** Whether a distance quantity ends right before token `index` ("500 m" before "od"). */
  distanceEndsAt: (index: number) => boolean;
}

export interface AreaAnchorsFound {
  anchors: AreaAnchorMention[];
  /** A water head word with a capitalised name we hold no water of ("rzeki Wisły"): never "any river". */
  unmatched: Array<{ start: number; end: number }>;
}

function wordMatches(pattern: string, fold: string): boolean {
  return pattern.endsWith('*') ? fold.startsWith(pattern.slice(0, -1)) : fold === pattern;
}

/**
 * The nominatives a word may come from: the place inflection, and feminine adjectives in the
 * genitive or locative ("Noteckiej" → "notecka", "Zielonej" → "zielona"), which names of forests are.
 */
function formsOf(fold: string): string[] {
  const forms = baseCandidates(fold);
  if (/[kg]iej$/.test(fold)) forms.push(fold.replace(/iej$/, 'a'));
  else if (/ej$/.test(fold)) forms.push(fold.replace(/ej$/, 'a'));
  return forms;
}

/** Keys a span of folded words may stand for: every word turned back to its nominatives. */
function keysOf(words: readonly string[]): string[] {
  let keys: string[] = [''];
  for (const word of words) {
    const forms = [...new Set([word, ...formsOf(word)])];
    keys = keys.flatMap((key) => forms.map((form) => (key === '' ? form : `${key} ${form}`)));
    if (keys.length > 2000) return [];
  }
  return keys;
}

/**
 * Named waters after a head word ("do 500 m od rzeki Warty", "nad Jeziorem Kierskim", "within 1 km
 * of the Warta river"), or bare after a distance and "od" / "from" ("do 500 m od Warty") or "nad";
 * named forests by their own name ("Puszcza Notecka", "Bory Tucholskie"). Read before places: a
 * river named like a gmina ("Warta") is the river where a distance is measured from it.
 */
export function findAreaAnchors(context: AreaAnchorContext, areas: NamedAreas): AreaAnchorsFound {
  const { tokens } = context;
  const taken = new Set<number>();
  const usable = (index: number): boolean => context.free(index) && !taken.has(index);
  const joined = (index: number): boolean => !/[,;.:!?()]/.test(tokens[index]?.before ?? '');
  const nameWord = (index: number): boolean => {
    const token = tokens[index];
    return token !== undefined && token.kind === 'word' && usable(index);
  };
  const spanOk = (start: number, length: number): boolean =>
    Array.from({ length }, (_, k) => nameWord(start + k) && (k === 0 || joined(start + k))).every(Boolean);
  const named = (start: number, end: number): boolean => tokens.slice(start, end).some((token) => token.capitalized || token.upper || !context.known(token.fold));
  const anchors: AreaAnchorMention[] = [];
  const unmatched: Array<{ start: number; end: number }> = [];

  const water = (start: number, end: number, bare: boolean): { rows: NamedWaterRow[]; key: string } | null => {
    if (!named(start, end)) return null;
    for (const key of keysOf(tokens.slice(start, end).map((token) => token.fold))) {
      const rows = areas.water(key, bare);
      if (rows.length > 0) return { rows, key };
    }
    return null;
  };
  const addWater = (found: { rows: NamedWaterRow[]; key: string }, start: number, nameEnd: number, lang: 'pl' | 'en' | null, bare: boolean): void => {
    // "of Warta river": the head word after the name is the same water, not "any river"
    const after = WATER_HEADS_AFTER.map((head) => headLength(head, tokens, nameEnd, usable)).find((length) => length > 0) ?? 0;
    const end = nameEnd + after;
    for (let index = start; index < end; index++) taken.add(index);
    anchors.push(waterAnchor(found.rows, found.key, start, end, lang, bare));
  };

  for (let index = 0; index < tokens.length; index++) {
    if (!usable(index)) continue;
    // a head word, then the name
    let matched = false;
    for (const head of WATER_HEADS_BEFORE) {
      const length = headLength(head, tokens, index, usable);
      if (length === 0 || !joined(index + length)) continue;
      const nameStart = index + length;
      for (let words = Math.min(MAX_NAME_WORDS, areas.maxWords); words >= 1 && !matched; words--) {
        if (!spanOk(nameStart, words)) continue;
        const found = water(nameStart, nameStart + words, false);
        if (found) {
          addWater(found, index, nameStart + words, head.lang, false);
          matched = true;
        }
      }
      const next = tokens[nameStart];
      if (!matched && next && (next.capitalized || next.upper) && usable(nameStart) && !context.known(next.fold)) unmatched.push({ start: index, end: nameStart + 1 });
      break;
    }
    if (matched) continue;
    // the name, then an English head word
    for (const head of WATER_HEADS_AFTER) {
      const length = headLength(head, tokens, index, usable);
      if (length === 0 || !joined(index)) continue;
      for (let words = Math.min(MAX_NAME_WORDS, areas.maxWords, index); words >= 1 && !matched; words--) {
        const nameStart = index - words;
        if (!spanOk(nameStart, words)) continue;
        const found = water(nameStart, index, false);
        if (found) {
          addWater(found, nameStart, index + length, head.lang, false);
          matched = true;
        }
      }
      break;
    }
    if (matched) continue;
    // a forest by its own name: "Puszczy Noteckiej", "Bory Tucholskie"
    for (let words = Math.min(MAX_NAME_WORDS, areas.maxWords); words >= 2 && !matched; words--) {
      if (!spanOk(index, words) || !named(index, index + words)) continue;
      for (const key of keysOf(tokens.slice(index, index + words).map((token) => token.fold))) {
        const rows = areas.forest(key);
        if (rows.length === 0) continue;
        for (let k = index; k < index + words; k++) taken.add(k);
        anchors.push(forestAnchor(rows, key, index, index + words));
        matched = true;
        break;
      }
    }
    if (matched) continue;
    // a bare name where a distance is measured from it, or by the water ("nad Wartą")
    const previous = tokens[index - 1];
    const fromDistance = previous !== undefined && FROM_WORDS.has(previous.fold) && context.distanceEndsAt(index - 1);
    const byWater = previous !== undefined && BY_WATER_WORDS.has(previous.fold);
    if (!fromDistance && !byWater) continue;
    for (let words = Math.min(MAX_NAME_WORDS, areas.maxWords); words >= 1 && !matched; words--) {
      if (!spanOk(index, words)) continue;
      const found = water(index, index + words, true);
      if (found) {
        addWater(found, index, index + words, null, true);
        matched = true;
      }
    }
  }
  return { anchors: anchors.sort((a, b) => a.start - b.start), unmatched };
}

function headLength(head: WaterHead, tokens: readonly Token[], start: number, usable: (index: number) => boolean): number {
  for (let offset = 0; offset < head.words.length; offset++) {
    const token = tokens[start + offset];
    if (!token || token.kind !== 'word' || !usable(start + offset) || !wordMatches(head.words[offset]!, token.fold)) return 0;
  }
  return head.words.length;
}

function waterAnchor(rows: readonly NamedWaterRow[], key: string, start: number, end: number, lang: 'pl' | 'en' | null, bare: boolean): AreaAnchorMention {
  const name = rows[0]!.name;
  const names = [...new Set(rows.map((row) => row.name))];
  const kinds = [...new Set(rows.map((row) => row.kind))].sort();
  const features = rows.reduce((sum, row) => sum + row.features, 0);
  // one name: every feature of it; several names of one key ("Jezioro Ostróda", "Ostróda"): each
  const where: Record<string, unknown> = names.length === 1 ? { name_eq: name } : { name_in: names };
  const label = `${names.join(', ')} — waterways ${kinds.join('/')}, ${features} ${features === 1 ? 'feature' : 'features'} of that name`;
  return { target: waterTarget(rows), layer: 'waterways', name, where, kinds, label, start, end, lang, bare, key };
}

function forestAnchor(rows: readonly NamedForestRow[], key: string, start: number, end: number): AreaAnchorMention {
  const ids = rows.map((row) => row.id);
  const label = `${rows.map((row) => row.name).join(', ')} — env_layers ${[...new Set(rows.map((row) => row.kind))].join('/')}, id ${ids.join(', ')}`;
  return { target: 'forest', layer: 'env_layers', name: rows[0]!.name, ids, label, start, end, lang: null, bare: false, key };
}
