import type { Token } from '../text/tokens.js';
import { editDistance, typoAllowance } from '../text/edit-distance.js';
import type { Gazetteer, NameEntry, NamedPlace } from './gazetteer.js';
import { baseCandidates } from './inflection.js';
import { AROUND_PREPOSITIONS, COMMON_WORD_NAMES, GMINA_TYPE_WORDS, PLACE_PREPOSITIONS, UNIT_WORDS_AFTER, UNIT_WORDS_BEFORE, type UnitWord } from './place-words.js';
import { lookUpWord } from '../text/word-table.js';

/** How strongly the text marks a name as a place: a unit word, a preposition, a capital letter, nothing. */
export type PlaceCue = 'unit' | 'preposition' | 'capital' | 'bare';

/** A place named in the query, with every place the name can mean (best matches only). */
export interface PlaceMention {
  /** Tokens [start, end), unit words included. */
  start: number;
  end: number;
  cue: PlaceCue;
  /** "koło Poznania", "near Gdańsk": the query asks around the place, not only in it. */
  around: boolean;
  /** A preposition stands right before the name (in the same clause), quoted with it. */
  preposition: boolean;
  /** The name matched by spelling correction, not as written. */
  corrected: boolean;
  /** Written in a declined form ("w Krakowie"): Polish grammar, evidence of the language. */
  declined: boolean;
  /** Places of lower tiers the name may also mean (localities behind a unit of the same name), for narrowing by other places. */
  fallback: NamedPlace[];
  candidates: NamedPlace[];
}

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

interface NameMatch {
  entry: NameEntry;
  length: number;
  exact: boolean;
  corrected: boolean;
}

/**
 * Finds place names in the free tokens of a query: declined forms ("w Zielonej Górze"), unit words
 * ("gmina Kórnik", "powiat wrocławski", "ostródzki county"), prepositions and capital letters as
 * evidence, and one or two typos in unit names after a preposition. Localities (100,000 names,
 * many of them ordinary words) need more evidence than units.
 */
export function findPlaces(tokens: readonly Token[], gazetteer: Gazetteer, options: PlaceFinderOptions): PlaceMention[] {
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
  const mentions: PlaceMention[] = [];
  const taken = new Set<number>();

  for (let index = 0; index < tokens.length; index++) {
    if (taken.has(index) || !usable(index)) continue;
    const mention = mentionAt(index);
    if (mention) {
      mentions.push(mention);
      for (let i = mention.start; i < mention.end; i++) taken.add(i);
      index = mention.end - 1;
    }
  }
  return mentions;

  function mentionAt(index: number): PlaceMention | null {
    const strong = options.strongOnly === true;
    const unitWord = unitWordAt(index);
    if (unitWord && (!strong || tokens[unitWord.nameStart]!.capitalized)) {
      const named = namesAt(unitWord.nameStart) ?? (strong ? null : correctedNameAt(unitWord.nameStart));
      if (named) {
        const candidates = restrict(named, unitWord.word, unitWord.unitType);
        if (candidates.length > 0) return mention(index, unitWord.nameStart + named[0]!.length, 'unit', named, candidates);
      }
    }
    const named = namesAt(index);
    if (named) {
      const length = named[0]!.length;
      // a unit word after the name: "ostródzki county", "Kórnik municipality"
      const after = lookUpWord(UNIT_WORDS_AFTER, tokens[index + length]?.fold ?? '');
      if (after && usable(index + length)) {
        // "Poznań county" is the powiat named after the city (powiat poznański), not the city itself
        const derived = after.levels?.[0] === 'powiat' ? powiatsNamedAfter(named) : [];
        const candidates = derived.length > 0 ? derived : restrict(named, after, null);
        if (candidates.length > 0) return mention(index, index + length + 1, 'unit', named, candidates);
      }
      const cue = cueBefore(index);
      if (strong && !(length >= 2 ? cue !== 'bare' : cue === 'preposition' && tokens[index]!.capitalized)) return null;
      const candidates = acceptable(named, cue, index);
      if (candidates.length > 0) return mention(index, index + length, cue, named, candidates);
    }
    if (!strong && cueBefore(index) === 'preposition') {
      const corrected = correctedNameAt(index);
      if (corrected) {
        const candidates = acceptable(corrected, 'preposition', index).filter((place) => place.source !== 'locality');
        if (candidates.length > 0) return mention(index, index + corrected[0]!.length, 'preposition', corrected, candidates);
      }
    }
    return null;
  }

  function mention(start: number, end: number, cue: PlaceCue, named: NameMatch[], candidates: NamedPlace[]): PlaceMention {
    const before = /[,;.!?:]/.test(tokens[start]!.before) ? '' : (tokens[start - 1]?.fold ?? '');
    const fallback = named.flatMap((match) => match.entry.places).filter((place) => !place.needsUnitWord && !candidates.includes(place) && (place.source !== 'locality' || cue !== 'bare'));
    return {
      start,
      end,
      cue,
      around: AROUND_PREPOSITIONS.has(before),
      preposition: PLACE_PREPOSITIONS.has(before),
      corrected: named.some((n) => n.corrected),
      declined: !named.some((n) => n.exact || n.corrected),
      candidates,
      fallback,
    };
  }

  function unitWordAt(index: number): { word: UnitWord; unitType: string | null; nameStart: number } | null {
    const word = lookUpWord(UNIT_WORDS_BEFORE, tokens[index]!.fold);
    if (!word) return null;
    let nameStart = index + 1;
    // "municipality of Swarzędz", "city of Gdańsk"
    if (tokens[nameStart]?.fold === 'of') nameStart++;
    let unitType: string | null = null;
    if (word.levels?.[0] === 'gmina' && !word.city) {
      const type = GMINA_TYPE_WORDS.find((candidate) => candidate.words.every((w, k) => tokens[nameStart + k]?.fold === w));
      if (type) {
        unitType = type.unitType;
        nameStart += type.words.length;
      }
    }
    return usable(nameStart) ? { word, unitType, nameStart } : null;
  }

  /** The longest names starting at `index` (declined forms allowed), or null. */
  function namesAt(index: number): NameMatch[] | null {
    if (!usable(index)) return null;
    const found: NameMatch[] = [];
    for (const base of bases(index)) {
      for (const entry of gazetteer.entriesStartingWith(base)) {
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
    if (found.length === 0) return null;
    const longest = Math.max(...found.map((match) => match.length));
    return dedupe(found.filter((match) => match.length === longest));
  }

  /** A unit name with a typo in its first word ("Krakwo", "Poznnaniu"), after a preposition or unit word. */
  function correctedNameAt(index: number): NameMatch[] | null {
    if (!usable(index)) return null;
    const token = tokens[index]!;
    const typed = token.typed ?? token.fold;
    if (typed.length < 5 || options.commonWords.has(typed)) return null;
    let best: NameMatch[] = [];
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const base of baseCandidates(typed)) {
      const limit = typoAllowance(base.length);
      if (limit === 0) continue;
      for (const word of gazetteer.unitFirstWordsStartingWith(base[0]!)) {
        const distance = editDistance(base, word, limit);
        if (distance > limit || distance > bestDistance || distance === 0) continue;
        for (const entry of gazetteer.entriesStartingWith(word)) {
          if (!entry.places.some((place) => place.source !== 'locality')) continue;
          let fits = true;
          for (let k = 1; k < entry.words.length && fits; k++) fits = usable(index + k) && bases(index + k).includes(entry.words[k]!);
          if (!fits) continue;
          if (distance < bestDistance) {
            best = [];
            bestDistance = distance;
          }
          best.push({ entry, length: entry.words.length, exact: false, corrected: true });
        }
      }
    }
    if (best.length === 0) return null;
    const longest = Math.max(...best.map((match) => match.length));
    return dedupe(best.filter((match) => match.length === longest));
  }

  function cueBefore(index: number): PlaceCue {
    const previous = tokens[index - 1];
    const token = tokens[index]!;
    // a preposition counts only within the clause: "woda w pobliżu, Mazowsze" is no "near Mazowsze"
    if (previous && PLACE_PREPOSITIONS.has(previous.fold) && !/[,;.!?:]/.test(token.before)) return 'preposition';
    // a capital counts at the start of a sentence too: ordinary words that begin one ("Działki",
    // "Szukam") are fillers or lexicon words, which a capital alone never makes a place
    return token.capitalized ? 'capital' : 'bare';
  }

  /**
   * The places a name may mean, given the evidence: units always, localities only with a cue or
   * when written in full; a name that is also a common word ("dobra", "koło") only after a
   * preposition or a unit word.
   */
  function acceptable(named: NameMatch[], cue: PlaceCue, index: number): NamedPlace[] {
    const strong = cue === 'unit' || cue === 'preposition';
    const typed = tokens[index]!.fold;
    const meaningful = named.filter((match) => {
      if (strong || match.length > 1) return true;
      return !COMMON_WORD_NAMES.has(match.entry.words[0]!) && !options.commonWords.has(typed);
    });
    return tiered(meaningful, (place) => {
      if (place.needsUnitWord) return false;
      if (place.source !== 'locality') return true;
      return strong || cue === 'capital';
    });
  }

  /**
   * Rural powiats named after a town of the given names: powiat names are adjectives of their seat
   * (Poznań → poznański, Ostróda → ostródzki, Elbląg → elbląski), sharing at least its first five
   * letters (all of a shorter name) and lying in the same voivodeship.
   */
  function powiatsNamedAfter(named: NameMatch[]): NamedPlace[] {
    const found = new Map<string, NamedPlace>();
    for (const match of named) {
      for (const place of match.entry.places) {
        if (place.source === 'locality' && place.type !== 'miasto') continue;
        const town = match.entry.words.join(' ');
        const stem = town.slice(0, Math.min(5, town.length));
        for (const powiat of gazetteer.powiatsOf(place.unit.teryt.slice(0, 2))) {
          if (!powiat.unit.cityWithPowiatRights && powiat.core.startsWith(stem)) found.set(powiat.unit.teryt, powiat.place);
        }
      }
    }
    return [...found.values()];
  }

  /** Places of the names a unit word allows: its level, a gmina type, cities, or localities only. */
  function restrict(named: NameMatch[], word: UnitWord, unitType: string | null): NamedPlace[] {
    return tiered(named, (place) => {
      if (word.locality) return place.source === 'locality';
      if (place.source === 'locality') return false;
      if (word.levels && !word.levels.includes(place.unit.level)) return false;
      if (unitType && place.unit.unitType !== unitType) return false;
      if (word.city && place.unit.unitType === 'gmina wiejska') return false;
      return true;
    });
  }

  /** Best tier only: units matched exactly, units declined, localities exactly, localities declined. */
  function tiered(named: NameMatch[], keep: (place: NamedPlace) => boolean): NamedPlace[] {
    const tiers: NamedPlace[][] = [[], [], [], []];
    for (const match of named) {
      for (const place of match.entry.places) {
        if (!keep(place)) continue;
        const tier = (place.source === 'locality' ? 2 : 0) + (match.exact ? 0 : 1);
        tiers[tier]!.push(place);
      }
    }
    return tiers.find((tier) => tier.length > 0) ?? [];
  }
}

function dedupe(matches: NameMatch[]): NameMatch[] {
  const seen = new Map<NameEntry, NameMatch>();
  for (const match of matches) {
    const known = seen.get(match.entry);
    if (!known || (match.exact && !known.exact)) seen.set(match.entry, match);
  }
  return [...seen.values()];
}
