import { compilePhrase, matchPhrase, phraseVocabulary, type Phrase } from '../lexicon/phrase-pattern.js';
import { MULTIPLIER_WORDS, NUMBER_WORDS } from './number-words.js';
import type { Token } from './tokens.js';
import { lookUpWord } from './word-table.js';

/** What a number measures, in our base units: m2, m, MW, kV, %, PLN, kWh/kWp (a year's PV yield). */
export type Dimension = 'area' | 'distance' | 'power' | 'voltage' | 'percent' | 'price' | 'solar_yield';

/** min: "at least"; max: "up to"; range: both; about: "around"; bare: a number with no comparator. */
export type Comparator = 'min' | 'max' | 'range' | 'about' | 'bare';

export interface Quantity {
  dimension: Dimension;
  comparator: Comparator;
  /** In base units; for a range both, for min/max/about/bare the one given. */
  min?: number;
  max?: number;
  value: number;
  /** Token span [start, end). */
  start: number;
  end: number;
}

interface UnitDefinition {
  dimension: Dimension;
  factor: number;
  phrase: Phrase;
}

const unit = (dimension: Dimension, factor: number, pattern: string): UnitDefinition => ({ dimension, factor, phrase: compilePhrase(pattern) });

/** Longest first where one unit begins another (`m 2` before `m`). */
const UNITS: readonly UnitDefinition[] = [
  unit('area', 1_000_000, 'km 2'),
  unit('area', 1_000_000, 'kilometr* kwadratow*'),
  unit('area', 1_000_000, 'square kilometre|kilometres|kilometer|kilometers'),
  unit('area', 1, 'm 2'),
  unit('area', 1, 'm kw'),
  unit('area', 1, 'mkw|sqm|m2'),
  unit('area', 1, 'metr*|meter*|metre* kwadratow*'),
  unit('area', 1, 'square metre|metres|meter|meters|m'),
  unit('area', 1, 'sq m|metre|metres|meter|meters'),
  unit('area', 10_000, 'ha|hektar|hektara|hektary|hektarow|hektarach|hektarem|hektarami|hectare|hectares'),
  unit('area', 100, 'ar|ary|arow|arach|arami'),
  unit('area', 4_046.86, 'acre|acres'),
  unit('distance', 1000, 'km|kilometr|kilometra|kilometry|kilometrow|kilometrach|kilometrze|kms|kilometer|kilometers|kilometre|kilometres'),
  unit('distance', 1, 'm|metr|metra|metry|metrow|metrach|metrze|meter|meters|metre|metres'),
  unit('distance', 1609.34, 'mile|miles'),
  // "1100 kWh/kWp" (the slash is no token), before kW so that kWh is never read as power
  unit('solar_yield', 1, 'kwh kwp na|per rok|year'),
  unit('solar_yield', 1, 'kwh kwp ?rok|rocznie|year|annually'),
  unit('power', 1, 'mw|mwp|mwe|megawat|megawata|megawaty|megawatow|megawatt|megawatts'),
  unit('power', 0.001, 'kw|kwp|kilowat|kilowata|kilowaty|kilowatow|kilowatt|kilowatts'),
  unit('power', 1000, 'gw|gigawat|gigawaty|gigawatt|gigawatts'),
  unit('voltage', 1, 'kv|kilowolt|kilowoltow|kilovolt|kilovolts'),
  unit('percent', 1, '%|proc|procent|procenta|procenty|procentow|percent'),
  unit('percent', 1, 'per cent'),
  unit('price', 1, 'zl|pln|zlotych|zloty|zlote|zlotys ?za|per|na ?m ?2|m2|mkw|metr|sqm'),
];

const cues = (patterns: string[]): Phrase[] => patterns.map(compilePhrase);

const MIN_BEFORE = cues([
  'co najmniej',
  'conajmniej',
  'przynajmniej',
  'minimum|minimalnie|min',
  'powyzej|ponad',
  'wiecej niz',
  'nie mniej niz',
  // minimum distances: "nie bliżej niż 500 m", "dalej niż 3 km", "no closer than", "beyond 2 km"
  'nie blizej niz',
  'dalej niz',
  'w odleglosci ?co najmniej|przynajmniej|ponad|powyzej',
  '>|>=',
  'at least',
  'no|not less than',
  'more|greater|bigger|larger than',
  'over|above|min|minimum',
  'in excess of',
  'further|farther than',
  'no|not closer|nearer than',
  'beyond',
]);
const MAX_BEFORE = cues([
  'do',
  'maksymalnie|maks|max|maksimum|maximum|najwyzej',
  'ponizej',
  'mniej niz',
  'nie wiecej niz',
  'nie dalej niz',
  'nie przekraczajac*',
  'w promieniu ?do',
  'w odleglosci ?do|nie ?wiekszej ?niz',
  'w zasiegu ?do',
  '<|<=',
  'up to',
  'at most',
  'under|below|within|max|maximum',
  'less than',
  'no|not more than',
  'no|not further|farther than',
  'in a radius of',
]);
const ABOUT_BEFORE = cues(['okolo|ok|~|circa|ca', 'mniej wiecej', 'w granicach', 'about|around|approximately|approx|roughly|some']);
const MIN_AFTER = cues(['+', 'lub|albo|i wiecej', 'i|lub powyzej', 'or|and more|above|larger|bigger|over', 'plus', 'minimum|min', 'at least']);
const MAX_AFTER = cues(['lub|i mniej', 'or|and less', 'maximum|max|maks', 'at most']);
const RANGE_START = cues(['od', 'from', 'between', 'miedzy|pomiedzy']);
const RANGE_JOIN = cues(['do', 'to', 'and', 'a']);

/** The words of units and comparators (spelling correction leaves them alone). */
export const QUANTITY_VOCABULARY = phraseVocabulary([...UNITS.map((u) => u.phrase), ...MIN_BEFORE, ...MAX_BEFORE, ...ABOUT_BEFORE, ...MIN_AFTER, ...MAX_AFTER, ...RANGE_START, ...RANGE_JOIN]);

function longest(phrases: readonly Phrase[], tokens: readonly Token[], start: number, usable: (i: number) => boolean): number {
  let best = 0;
  for (const phrase of phrases) best = Math.max(best, matchPhrase(phrase, tokens, start, usable));
  return best;
}

/**
 * The number written from `index`, with the tokens it takes: digits or number words, and the
 * words that multiply them ("tysiąc", "dwa tysiące pięćset", "5 tys.", "five hundred", "a thousand").
 */
export function numberSpanAt(tokens: readonly Token[], index: number, usable: (i: number) => boolean = () => true): { value: number; length: number } | undefined {
  const first = tokens[index];
  if (!first || !usable(index)) return undefined;
  // "a thousand": the article counts as one
  const article = first.kind === 'word' && first.fold === 'a' && tokens[index + 1] !== undefined && lookUpWord(MULTIPLIER_WORDS, tokens[index + 1]!.fold) !== undefined;
  let total = 0;
  let group: number | undefined = article ? 1 : undefined;
  let at = article ? index + 1 : index;
  /** The last word added: "dwadzieścia pięć" adds, "trzy dwa" is no number. */
  let last: number | undefined;
  for (; at < tokens.length && usable(at); at++) {
    const token = tokens[at]!;
    const multiplier = token.kind === 'word' ? lookUpWord(MULTIPLIER_WORDS, token.fold) : undefined;
    if (multiplier !== undefined) {
      // "five hundred thousand": a hundred multiplies the group, a thousand closes it
      const scaled = (group ?? 1) * multiplier;
      if (multiplier >= 1000) {
        total += scaled;
        group = undefined;
      } else group = scaled;
      last = undefined;
      continue;
    }
    // digits start a number only; after a number word or a multiplier, only words go on
    const value = token.kind === 'number' && at === index ? token.value : token.kind === 'word' ? lookUpWord(NUMBER_WORDS, token.fold) : undefined;
    if (value === undefined || (token.kind === 'word' && at > index && token.before !== ' ' && token.before !== '')) break;
    // "dwadzieścia pięć": a smaller word adds to the group; digits after words never do
    if (last !== undefined && value >= placeOf(last)) break;
    group = (group ?? 0) + value;
    last = value;
  }
  const length = at - index;
  if (length === 0) return undefined;
  return { value: total + (group ?? 0), length };
}

/** The place a number word leaves free for the next: 20 for "pięć", 100 for "dwadzieścia", 1 for "pięć". */
function placeOf(value: number): number {
  if (value % 100 === 0) return 100;
  return value % 10 === 0 ? 10 : 1;
}

function unitAt(tokens: readonly Token[], index: number, usable: (i: number) => boolean): { unit: UnitDefinition; length: number } | null {
  // "half a hectare"
  const skip = tokens[index]?.fold === 'a' && tokens[index + 1]?.kind === 'word' ? 1 : 0;
  for (const candidate of UNITS) {
    const length = matchPhrase(candidate.phrase, tokens, index + skip, usable);
    // "m 2" must be written together (m2, m²), never "5 m 2 km"
    if (length > 0 && candidate.phrase[0]!.alternatives.some((a) => a.text === 'm' || a.text === 'km') && length === 2 && tokens[index + skip + 1]?.kind === 'number' && tokens[index + skip + 1]!.before !== '') continue;
    if (length > 0) return { unit: candidate, length: length + skip };
  }
  return null;
}

/**
 * Reads a quantity at `start`: an optional comparator, a number (or a range), a unit and an
 * optional trailing comparator: "co najmniej 2 ha", "min. 5000 m²", "do 3 km", "1-3 ha",
 * "od 1 do 3 ha", "between 1 and 3 hectares", "2+ ha", "5 ha or more", "pół hektara", "10MW".
 */
export function quantityAt(tokens: readonly Token[], start: number, usable: (i: number) => boolean = () => true): Quantity | null {
  // a range opened by a word: od 1 do 3 ha, between 1 and 3 ha, from 1 to 3 ha
  const opener = longest(RANGE_START, tokens, start, usable);
  if (opener > 0) {
    const range = rangeAt(tokens, start, start + opener, usable);
    if (range) return range;
  }
  let comparator: Comparator = 'bare';
  let at = start;
  for (const [kind, phrases] of [
    ['min', MIN_BEFORE],
    ['max', MAX_BEFORE],
    ['about', ABOUT_BEFORE],
  ] as const) {
    const length = longest(phrases, tokens, start, usable);
    if (length > 0 && numberSpanAt(tokens, start + length, usable) !== undefined) {
      comparator = kind;
      at = start + length;
      break;
    }
  }
  // a range says more than a comparator before it ("co najmniej 2 do 5 ha")
  const range = rangeAt(tokens, start, at, usable);
  if (range) return range;
  const number = numberSpanAt(tokens, at, usable);
  if (number === undefined) return null;
  let value = number.value;
  let next = at + number.length;
  // "110/15 kV": the voltages of one substation; the highest says what it is
  const listed: number[] = [value];
  while (tokens[next]?.kind === 'number' && tokens[next]!.before === '/' && usable(next)) listed.push(tokens[next++]!.value!);
  if (tokens[next]?.fold === '+' && usable(next)) {
    comparator = 'min';
    next++;
  }
  const found = unitAt(tokens, next, usable);
  if (!found) return null;
  if (listed.length > 1) {
    if (found.unit.dimension !== 'voltage') return null;
    value = Math.max(...listed);
  }
  // number words only count when a unit follows directly: "dwa hektary", never "dwa" alone
  next += found.length;
  if (comparator === 'bare') {
    const after = longest(MIN_AFTER, tokens, next, usable);
    const afterMax = after > 0 ? 0 : longest(MAX_AFTER, tokens, next, usable);
    if (after > 0) {
      comparator = 'min';
      next += after;
    } else if (afterMax > 0) {
      comparator = 'max';
      next += afterMax;
    }
  }
  const base = value * found.unit.factor;
  const quantity: Quantity = { dimension: found.unit.dimension, comparator, value: base, start, end: next };
  if (comparator === 'min') quantity.min = base;
  if (comparator === 'max') quantity.max = base;
  return quantity;
}

/** `1-3 ha`, `1 do 3 ha`, `1 ha do 3 ha` from `at`; `start` is where the phrase began. */
function rangeAt(tokens: readonly Token[], start: number, at: number, usable: (i: number) => boolean): Quantity | null {
  const lowSpan = numberSpanAt(tokens, at, usable);
  if (lowSpan === undefined) return null;
  const low = lowSpan.value;
  let next = at + lowSpan.length;
  const firstUnit = unitAt(tokens, next, usable);
  if (firstUnit) next += firstUnit.length;
  let high: number | undefined;
  const dash = tokens[next];
  if (dash?.kind === 'number' && /[-–—]/.test(dash.before) && usable(next)) {
    high = dash.value;
    next++;
  } else {
    const join = longest(RANGE_JOIN, tokens, next, usable);
    if (join === 0) return null;
    const highSpan = numberSpanAt(tokens, next + join, usable);
    if (highSpan === undefined) return null;
    high = highSpan.value;
    next += join + highSpan.length;
  }
  const found = unitAt(tokens, next, usable);
  if (!found || high === undefined) return null;
  if (firstUnit && firstUnit.unit.dimension !== found.unit.dimension) return null;
  next += found.length;
  const lowBase = low * (firstUnit ?? found).unit.factor;
  const highBase = high * found.unit.factor;
  if (lowBase > highBase) return null;
  return { dimension: found.unit.dimension, comparator: 'range', min: lowBase, max: highBase, value: highBase, start, end: next };
}

/** Every quantity of a query, left to right, never overlapping. */
export function findQuantities(tokens: readonly Token[], usable: (i: number) => boolean = () => true): Quantity[] {
  const found: Quantity[] = [];
  for (let index = 0; index < tokens.length; ) {
    const quantity = usable(index) ? quantityAt(tokens, index, usable) : null;
    if (quantity) {
      found.push(quantity);
      index = quantity.end;
    } else {
      index++;
    }
  }
  return found;
}
