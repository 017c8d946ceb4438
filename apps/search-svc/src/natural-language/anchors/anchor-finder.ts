import { AppError } from '@lp/contracts';
import { baseCandidates } from '../places/inflection.js';
import type { Token } from '../text/tokens.js';
import { placesOf, type AnchorLayer, type NamedFeatureRow, type NamedFeatures } from './named-features.js';

/** What a head word names, in the order its layers are tried: "stacja" is a substation before a railway station. */
interface HeadReading {
  target: 'substation' | 'transit';
  layer: AnchorLayer;
  kinds?: readonly string[];
}

const SUBSTATION: HeadReading = { target: 'substation', layer: 'power_substations' };
const RAIL: HeadReading = { target: 'transit', layer: 'transport_stops', kinds: ['rail'] };
const STOP: HeadReading = { target: 'transit', layer: 'transport_stops' };

interface Head {
  /** Folded words (a trailing `*` is a prefix). */
  words: string[];
  readings: HeadReading[];
}

/** Polish heads come before the name ("stacja Kromolice", "GPZ Plewiska", "dworzec Poznań Główny"). */
const HEADS_BEFORE: readonly Head[] = [
  { words: ['stacj*', 'kolejow*'], readings: [RAIL] },
  { words: ['stacj*', 'pkp'], readings: [RAIL] },
  { words: ['przystan*', 'kolejow*'], readings: [RAIL] },
  { words: ['dworz*'], readings: [RAIL] },
  { words: ['dworc*'], readings: [RAIL] },
  { words: ['stacj*', 'elektroenergetyczn*'], readings: [SUBSTATION] },
  { words: ['stacj*', 'energetyczn*'], readings: [SUBSTATION] },
  { words: ['stacj*', 'transformatorow*'], readings: [SUBSTATION] },
  { words: ['podstacj*'], readings: [SUBSTATION] },
  { words: ['gpz'], readings: [SUBSTATION] },
  { words: ['rozdzielni*'], readings: [SUBSTATION] },
  { words: ['stacj*'], readings: [SUBSTATION, RAIL] },
  { words: ['przystan*'], readings: [STOP] },
  // English with the name after: "substation Plewiska", "station Poznań Główny"
  { words: ['substation'], readings: [SUBSTATION] },
  { words: ['railway', 'station'], readings: [RAIL] },
  { words: ['train', 'station'], readings: [RAIL] },
  { words: ['station'], readings: [RAIL, SUBSTATION] },
  { words: ['stop'], readings: [STOP] },
];

/** English heads after the name ("the Kromolice substation", "Poznań Główny station", "the Polna bus stop"). */
const HEADS_AFTER: readonly Head[] = [
  { words: ['substation'], readings: [SUBSTATION] },
  { words: ['gpz'], readings: [SUBSTATION] },
  { words: ['power', 'station'], readings: [SUBSTATION] },
  { words: ['railway', 'station'], readings: [RAIL] },
  { words: ['train', 'station'], readings: [RAIL] },
  { words: ['station'], readings: [RAIL, SUBSTATION] },
  { words: ['bus', 'stop'], readings: [STOP] },
  { words: ['tram', 'stop'], readings: [STOP] },
  { words: ['stop'], readings: [STOP] },
];

/** A named feature found in the query: a target whose distance is measured from these features only. */
export interface AnchorMention {
  target: 'substation' | 'transit';
  layer: AnchorLayer;
  features: NamedFeatureRow[];
  /** The name as the data writes it (of the first feature). */
  name: string;
  /** Token span of the head and the name. */
  start: number;
  end: number;
  /** The language of the head word (evidence for detecting the query's language). */
  lang: 'pl' | 'en';
}

const ENGLISH_HEAD_WORDS = new Set(['substation', 'station', 'stop', 'railway', 'train', 'power', 'bus', 'tram']);

export interface AnchorContext {
  tokens: readonly Token[];
  free: (index: number) => boolean;
  /** A word the interpreter knows (lexicon, units, prepositions): a name must have one word that is not, or be capitalised. */
  known: (fold: string) => boolean;
  text: (start: number, end: number) => string;
}

const MAX_NAME_WORDS = 4;

function wordMatches(pattern: string, fold: string): boolean {
  return pattern.endsWith('*') ? fold.startsWith(pattern.slice(0, -1)) : fold === pattern;
}

/** Length of the head at `start`, 0 when none. */
function headAt(head: Head, tokens: readonly Token[], start: number, free: (index: number) => boolean): number {
  for (let offset = 0; offset < head.words.length; offset++) {
    const token = tokens[start + offset];
    if (!token || token.kind !== 'word' || !free(start + offset) || !wordMatches(head.words[offset]!, token.fold)) return 0;
  }
  return head.words.length;
}

/** Keys a span of words may stand for: as written, and with the last word turned back to its nominatives. */
function keysOf(words: readonly string[]): string[] {
  const last = words[words.length - 1]!;
  return [...new Set(baseCandidates(last).map((base) => [...words.slice(0, -1), base].join(' ')))];
}

/**
 * Named features of the anchor layers after a head word ("stacja Kromolice", "do 5 km od GPZ
 * Plewiska", "dworzec Poznań Główny") or before an English one ("the Kromolice substation"). Read
 * before places, so "Kromolice" or "Plewiska" never become the searched region. Features of one
 * name that lie apart are ambiguous: 422 `ambiguous_feature` with the candidates.
 */
export function findAnchors(context: AnchorContext, features: NamedFeatures): AnchorsFound {
  const { tokens, free } = context;
  const found: AnchorMention[] = [];
  /** Punctuation between token i - 1 and token i ends a name ("koło Poznania, stacja do 5 km"). */
  const joined = (index: number): boolean => !/[,;.:!?()]/.test(tokens[index]?.before ?? '');
  const unmatched: Array<{ start: number; end: number }> = [];
  const ambiguous: AmbiguousFeature[] = [];
  /** A capitalised word that is no lexicon word, written where a feature's name goes. */
  const nameLike = (index: number): boolean => {
    const token = tokens[index];
    return token !== undefined && token.kind === 'word' && usable(index) && (token.capitalized || token.upper) && !context.known(token.fold);
  };
  const taken = new Set<number>();
  const usable = (index: number): boolean => free(index) && !taken.has(index);
  const nameWord = (index: number): boolean => {
    const token = tokens[index];
    return token !== undefined && usable(index) && (token.kind === 'word' || (token.kind === 'number' && index > 0));
  };
  /** The longest name in [from, from + n) or ending at `end`, with the features it names. */
  const nameSpan = (start: number, end: number, reading: HeadReading): NamedFeatureRow[] => {
    const span = tokens.slice(start, end);
    if (!span.some((token) => token.capitalized || token.upper || !context.known(token.fold))) return [];
    for (const key of keysOf(span.map((token) => token.fold))) {
      const rows = features.find(reading.layer, key, reading.kinds);
      if (rows.length > 0) return rows;
    }
    return [];
  };
  const accept = (reading: HeadReading, head: Head, rows: NamedFeatureRow[], start: number, end: number): void => {
    const places = placesOf(rows);
    for (let index = start; index < end; index++) taken.add(index);
    if (places.length > 1) {
      ambiguous.push({ said: context.text(start, end), places });
      return;
    }
    const chosen = places[0]!;
    const lang = ENGLISH_HEAD_WORDS.has(head.words[0]!) ? 'en' : 'pl';
    found.push({ target: reading.target, layer: reading.layer, features: chosen, name: chosen[0]!.name, start, end, lang });
  };

  for (let index = 0; index < tokens.length; index++) {
    if (!usable(index)) continue;
    let matched = false;
    for (const head of HEADS_BEFORE) {
      const length = headAt(head, tokens, index, usable);
      if (length === 0) continue;
      const nameStart = index + length;
      if (!joined(nameStart)) continue;
      for (let words = Math.min(MAX_NAME_WORDS, features.maxWords); words >= 1 && !matched; words--) {
        if (!Array.from({ length: words }, (_, k) => nameWord(nameStart + k) && (k === 0 || joined(nameStart + k))).every(Boolean)) continue;
        for (const reading of head.readings) {
          const rows = nameSpan(nameStart, nameStart + words, reading);
          if (rows.length === 0) continue;
          accept(reading, head, rows, index, nameStart + words);
          matched = true;
          break;
        }
      }
      if (!matched && nameLike(nameStart)) {
        unmatched.push({ start: index, end: nameStart + 1 });
        break;
      }
      if (matched) break;
    }
    if (matched) continue;
    for (const head of HEADS_AFTER) {
      const length = headAt(head, tokens, index, usable);
      if (length === 0 || !joined(index)) continue;
      for (let words = Math.min(MAX_NAME_WORDS, features.maxWords, index); words >= 1 && !matched; words--) {
        const nameStart = index - words;
        if (!Array.from({ length: words }, (_, k) => nameWord(nameStart + k) && (k === 0 || joined(nameStart + k))).every(Boolean)) continue;
        if (tokens[nameStart]!.kind === 'number') continue;
        for (const reading of head.readings) {
          const rows = nameSpan(nameStart, index, reading);
          if (rows.length === 0) continue;
          accept(reading, head, rows, nameStart, index + length);
          matched = true;
          break;
        }
      }
      if (!matched && index > 0 && nameLike(index - 1) && head.words[0] !== 'stop') {
        unmatched.push({ start: index - 1, end: index + length });
        break;
      }
      if (matched) break;
    }
  }
  return { anchors: found.sort((a, b) => a.start - b.start), unmatched, ambiguous };
}

export interface AnchorsFound {
  anchors: AnchorMention[];
  /** A head word with a name we hold no feature of ("stacji Plewiska"): never read as "any station". */
  unmatched: Array<{ start: number; end: number }>;
  /** A name held by features that lie apart: the caller asks which one, in the query's language. */
  ambiguous: AmbiguousFeature[];
}

export interface AmbiguousFeature {
  said: string;
  places: NamedFeatureRow[][];
}

/** "Plewiska — power_substations ehv_substation, gmina Komorniki (3021042), id gridkit-20534". */
export function anchorLabel(place: readonly NamedFeatureRow[]): string {
  const first = place[0]!;
  const where = first.gmina ? `gmina ${first.gmina} (${first.teryt})` : first.teryt ? `TERYT ${first.teryt}` : 'outside the gminas';
  const ids = place.map((feature) => feature.id).join(', ');
  return `${first.name} — ${first.layer} ${first.kind}, ${where}, id ${ids}`;
}

/** 422 ambiguous_feature in the query's language, with the candidates (name, layer, kind, gmina, ids). */
export function ambiguousFeature({ said, places }: AmbiguousFeature, language: 'pl' | 'en'): AppError {
  const candidates = places.slice(0, 10).map(anchorLabel);
  const hidden = places.length - candidates.length;
  const message =
    language === 'pl'
      ? `„${said}” to nazwa ${places.length} różnych obiektów${hidden > 0 ? ` (i ${hidden} innych)` : ''}. Wskaż jeden (dodaj gminę albo pełniejszą nazwę) albo szukaj z filters.near[].ids ustawionym na identyfikator jednego z kandydatów.`
      : `"${said}" names ${places.length} different features${hidden > 0 ? ` (and ${hidden} more)` : ''}. Say which one (add the gmina or a fuller name), or search with filters.near[].ids set to the id of one of the candidates.`;
  return new AppError('ambiguous_feature', message, candidates);
}
