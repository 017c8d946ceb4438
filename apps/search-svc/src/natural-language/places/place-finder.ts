import type { Token } from '../text/tokens.js';
import { lookUpWord } from '../text/word-table.js';
import type { Gazetteer, NamedPlace } from './gazetteer.js';
import { acceptable, powiatsNamedAfter, restrict } from './place-candidates.js';
import { correctedNameAt, createPlaceSearch, cueBefore, namesAt, type NameMatch, type PlaceCue, type PlaceFinderOptions, type PlaceSearch } from './place-search.js';
import { AROUND_PREPOSITIONS, GMINA_TYPE_WORDS, PLACE_PREPOSITIONS, UNIT_WORDS_AFTER, UNIT_WORDS_BEFORE, type UnitWord } from './place-words.js';

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

/**
 * Finds place names in the free tokens of a query: declined forms ("w Zielonej Górze"), unit words
 * ("gmina Kórnik", "powiat wrocławski", "ostródzki county"), prepositions and capital letters as
 * evidence, and one or two typos in unit names after a preposition. Localities (100,000 names,
 * many of them ordinary words) need more evidence than units.
 */
export function findPlaces(tokens: readonly Token[], gazetteer: Gazetteer, options: PlaceFinderOptions): PlaceMention[] {
  const search = createPlaceSearch(tokens, gazetteer, options);
  const mentions: PlaceMention[] = [];
  const taken = new Set<number>();
  for (let index = 0; index < tokens.length; index++) {
    if (taken.has(index) || !search.usable(index)) continue;
    const mention = mentionAt(search, index);
    if (mention) {
      mentions.push(mention);
      for (let i = mention.start; i < mention.end; i++) taken.add(i);
      index = mention.end - 1;
    }
  }
  return mentions;
}

/** The place named at `index`: after a unit word, as a name (a unit word after it, a cue before it), or misspelt after a preposition. */
function mentionAt(search: PlaceSearch, index: number): PlaceMention | null {
  const strong = search.options.strongOnly === true;
  const unitWord = unitWordAt(search, index);
  if (unitWord && (!strong || search.tokens[unitWord.nameStart]!.capitalized)) {
    const found = afterUnitWord(search, index, unitWord);
    if (found) return found;
  }
  const named = namesAt(search, index);
  if (named) {
    const found = asName(search, index, named);
    if (found !== undefined) return found;
  }
  if (!strong && cueBefore(search.tokens, index) === 'preposition') {
    const corrected = correctedNameAt(search, index);
    if (corrected) {
      const candidates = acceptable(search, corrected, 'preposition', index).filter((place) => place.source !== 'locality');
      if (candidates.length > 0) return mention(search.tokens, index, index + corrected[0]!.length, 'preposition', corrected, candidates);
    }
  }
  return null;
}

/** "gmina Kórnik", "powiat wrocławski", "city of Gdańsk". */
function afterUnitWord(search: PlaceSearch, index: number, unitWord: UnitWordAt): PlaceMention | null {
  const strong = search.options.strongOnly === true;
  const named = namesAt(search, unitWord.nameStart) ?? (strong ? null : correctedNameAt(search, unitWord.nameStart));
  if (!named) return null;
  const candidates = restrict(named, unitWord.word, unitWord.unitType);
  return candidates.length > 0 ? mention(search.tokens, index, unitWord.nameStart + named[0]!.length, 'unit', named, candidates) : null;
}

/**
 * A name at `index`: with a unit word after it ("ostródzki county"), else by the cue before it.
 * Undefined when nothing was found and the misspelt reading may still be tried; null when not.
 */
function asName(search: PlaceSearch, index: number, named: NameMatch[]): PlaceMention | null | undefined {
  const { tokens } = search;
  const length = named[0]!.length;
  // a unit word after the name: "ostródzki county", "Kórnik municipality"
  const after = lookUpWord(UNIT_WORDS_AFTER, tokens[index + length]?.fold ?? '');
  if (after && search.usable(index + length)) {
    // "Poznań county" is the powiat named after the city (powiat poznański), not the city itself
    const derived = after.levels?.[0] === 'powiat' ? powiatsNamedAfter(search.gazetteer, named) : [];
    const candidates = derived.length > 0 ? derived : restrict(named, after, null);
    if (candidates.length > 0) return mention(tokens, index, index + length + 1, 'unit', named, candidates);
  }
  const cue = cueBefore(tokens, index);
  if (search.options.strongOnly === true && !(length >= 2 ? cue !== 'bare' : cue === 'preposition' && tokens[index]!.capitalized)) return null;
  const candidates = acceptable(search, named, cue, index);
  return candidates.length > 0 ? mention(tokens, index, index + length, cue, named, candidates) : undefined;
}

function mention(tokens: readonly Token[], start: number, end: number, cue: PlaceCue, named: NameMatch[], candidates: NamedPlace[]): PlaceMention {
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

interface UnitWordAt {
  word: UnitWord;
  unitType: string | null;
  nameStart: number;
}

function unitWordAt(search: PlaceSearch, index: number): UnitWordAt | null {
  const { tokens } = search;
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
  return search.usable(nameStart) ? { word, unitType, nameStart } : null;
}
