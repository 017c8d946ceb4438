import { editDistance, typoAllowance } from '../text/edit-distance.js';
import type { Token } from '../text/tokens.js';
import type { Gazetteer, NameEntry } from './gazetteer.js';
import { baseCandidates } from './inflection.js';
import { PLACE_PREPOSITIONS } from './place-words.js';

/** How strongly the text marks a name as a place: a unit word, a preposition, a capital letter, nothing. */
export type PlaceCue = 'unit' | 'preposition' | 'capital' | 'bare';

export interface PlaceFinderOptions {
  /** Whether token i is still free (not part of a quantity or a phrase of meaning). */
  free: (index: number) => boolean;
  /** Folded words that are ordinary words of a query (fillers, cues): never a place without a cue. */
  commonWords: ReadonlySet<string>;
  /**
   * Only names the text marks strongly: two words or more after a cue or with a capital, or one
   * capitalised word after a preposition or unit word ("w Wiatrowie"). Found before the lexicon,
   * so that a place named like a lexicon word stays a place.
   */
  strongOnly?: boolean;
}

export interface NameMatch {
  entry: NameEntry;
  length: number;
  exact: boolean;
  corrected: boolean;
}

/** One search for place names in a query: its tokens, the gazetteer, and the base forms of each word (computed once). */
export interface PlaceSearch {
  tokens: readonly Token[];
  gazetteer: Gazetteer;
  options: PlaceFinderOptions;
  /** The base forms a word may be declined from ("Poznaniu": poznań, …). */
  bases: (index: number) => string[];
  /** A free word token. */
  usable: (index: number) => boolean;
}

export function createPlaceSearch(tokens: readonly Token[], gazetteer: Gazetteer, options: PlaceFinderOptions): PlaceSearch {
  const basesCache = new Map<number, string[]>();
  const bases = (index: number): string[] => {
    let cached = basesCache.get(index);
    if (!cached) {
      const token = tokens[index];
      cached = token && token.kind === 'word' ? baseCandidates(token.fold) : [];
      basesCache.set(index, cached);
    }
    return cached;
  };
  const usable = (index: number): boolean => index < tokens.length && tokens[index]!.kind === 'word' && options.free(index);
  return { tokens, gazetteer, options, bases, usable };
}

/** The longest names starting at `index` (declined forms allowed), or null. */
export function namesAt(search: PlaceSearch, index: number): NameMatch[] | null {
  const { tokens, bases, usable } = search;
  if (!usable(index)) return null;
  const found: NameMatch[] = [];
  for (const base of bases(index)) {
    for (const entry of search.gazetteer.entriesStartingWith(base)) {
      const length = entry.words.length;
      let exact = tokens[index]!.fold === entry.words[0];
      let fits = true;
      for (let k = 1; k < length && fits; k++) {
        const at = index + k;
        if (!usable(at) || !bases(at).includes(entry.words[k]!)) fits = false;
        else if (tokens[at]!.fold !== entry.words[k]) exact = false;
      }
      if (fits) found.push({ entry, length, exact, corrected: false });
    }
  }
  return longestOf(found);
}

/** A unit name with a typo in its first word ("Krakwo", "Poznnaniu"), after a preposition or unit word. */
export function correctedNameAt(search: PlaceSearch, index: number): NameMatch[] | null {
  if (!search.usable(index)) return null;
  const token = search.tokens[index]!;
  const typed = token.typed ?? token.fold;
  if (typed.length < 5 || search.options.commonWords.has(typed)) return null;
  let best: NameMatch[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const base of baseCandidates(typed)) {
    const limit = typoAllowance(base.length);
    if (limit === 0) continue;
    for (const word of search.gazetteer.unitFirstWordsStartingWith(base[0]!)) {
      const distance = editDistance(base, word, limit);
      if (distance > limit || distance > bestDistance || distance === 0) continue;
      for (const entry of unitEntriesFitting(search, word, index)) {
        if (distance < bestDistance) {
          best = [];
          bestDistance = distance;
        }
        best.push({ entry, length: entry.words.length, exact: false, corrected: true });
      }
    }
  }
  return longestOf(best);
}

/** Names of units (not only localities) starting with `word` whose other words follow at `index`. */
function unitEntriesFitting(search: PlaceSearch, word: string, index: number): NameEntry[] {
  return search.gazetteer.entriesStartingWith(word).filter((entry) => {
    if (!entry.places.some((place) => place.source !== 'locality')) return false;
    for (let k = 1; k < entry.words.length; k++) if (!(search.usable(index + k) && search.bases(index + k).includes(entry.words[k]!))) return false;
    return true;
  });
}

function longestOf(found: NameMatch[]): NameMatch[] | null {
  if (found.length === 0) return null;
  const longest = Math.max(...found.map((match) => match.length));
  return dedupe(found.filter((match) => match.length === longest));
}

function dedupe(matches: NameMatch[]): NameMatch[] {
  const seen = new Map<NameEntry, NameMatch>();
  for (const match of matches) {
    const known = seen.get(match.entry);
    if (!known || (match.exact && !known.exact)) seen.set(match.entry, match);
  }
  return [...seen.values()];
}

export function cueBefore(tokens: readonly Token[], index: number): PlaceCue {
  const previous = tokens[index - 1];
  const token = tokens[index]!;
  // a preposition counts only within the clause: "woda w pobliżu, Mazowsze" is no "near Mazowsze"
  if (previous && PLACE_PREPOSITIONS.has(previous.fold) && !/[,;.!?:]/.test(token.before)) return 'preposition';
  // a capital counts at the start of a sentence too: ordinary words that begin one ("Działki",
  // "Szukam") are fillers or lexicon words, which a capital alone never makes a place
  return token.capitalized ? 'capital' : 'bare';
}
