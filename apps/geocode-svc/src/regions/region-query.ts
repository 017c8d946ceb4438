import type { RegionLevel, RegionUnitType } from '@lp/contracts';
import { foldPolish } from '@lp/geo';

/** What the repository matches: folded name text, per-word alternatives, and the level asked for. */
export interface RegionQuery {
  /** The folded name part of the query (unit words removed), e.g. `zielona g`. */
  text: string;
  /** One entry per word of `text`: the word itself first, then its stems. */
  words: string[][];
  /** Whole-text variants made of stems, to rank `krakowie` as an exact hit on Kraków; `text` excluded. */
  stemmedTexts: string[];
  /** Levels a leading unit word restricts to; null when none was given. */
  levels: RegionLevel[] | null;
  /** Unit types a leading unit word restricts to (`miasto`, `gmina wiejska`); null when none. */
  unitTypes: RegionUnitType[] | null;
}

/** Polish case endings stripped to find the stem of an inflected name, longest first. */
export const CASE_ENDINGS = ['skiego', 'skim', 'ego', 'iej', 'owi', 'ie', 'iu', 'em', 'ej', 'u', 'a', 'y'] as const;
/** A stem shorter than this matches too much (`wola` → `wol`), so it is not tried. */
export const MIN_STEM_LETTERS = 4;
/** Cap on whole-text stem variants (the product of each word's alternatives). */
const MAX_STEMMED_TEXTS = 16;

const CITY_TYPES: RegionUnitType[] = ['gmina miejska', 'gmina miejsko-wiejska', 'miasto na prawach powiatu'];

/** Leading unit words, folded, with inflected forms a person types ("w gminie" aside, that is search's job). */
const UNIT_WORDS: Record<string, { levels: RegionLevel[] | null; unitTypes: RegionUnitType[] | null }> = {
  gmina: { levels: ['gmina'], unitTypes: null },
  gminy: { levels: ['gmina'], unitTypes: null },
  gminie: { levels: ['gmina'], unitTypes: null },
  gm: { levels: ['gmina'], unitTypes: null },
  powiat: { levels: ['powiat'], unitTypes: null },
  powiatu: { levels: ['powiat'], unitTypes: null },
  powiecie: { levels: ['powiat'], unitTypes: null },
  pow: { levels: ['powiat'], unitTypes: null },
  wojewodztwo: { levels: ['voivodeship'], unitTypes: null },
  wojewodztwa: { levels: ['voivodeship'], unitTypes: null },
  wojewodztwie: { levels: ['voivodeship'], unitTypes: null },
  woj: { levels: ['voivodeship'], unitTypes: null },
  miasto: { levels: null, unitTypes: CITY_TYPES },
  miasta: { levels: null, unitTypes: CITY_TYPES },
  miescie: { levels: null, unitTypes: CITY_TYPES },
};

/** Words after `gmina` that name its type. */
const GMINA_TYPES: Array<{ words: string[]; unitType: RegionUnitType }> = [
  { words: ['miejsko', 'wiejska'], unitType: 'gmina miejsko-wiejska' },
  { words: ['miejska'], unitType: 'gmina miejska' },
  { words: ['wiejska'], unitType: 'gmina wiejska' },
];

/** Stems of one folded word: each case ending removed where at least 4 letters stay, longest stem first. */
export function stemsOf(word: string): string[] {
  if (!/^[a-z]+$/.test(word)) return [];
  const stems = CASE_ENDINGS.filter((ending) => word.endsWith(ending) && word.length - ending.length >= MIN_STEM_LETTERS).map((ending) => word.slice(0, -ending.length));
  return [...new Set(stems)].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/**
 * Reads the text of GET /regions?q=. A unit word restricts the level only at the start of the
 * query and only when a name follows it: `Nowe Miasto` is a gmina, not a restriction, and a lone
 * `powiat` is searched as a name. Returns null when nothing searchable is left.
 */
export function parseRegionQuery(q: string): RegionQuery | null {
  let words = foldPolish(q).split(' ').filter((word) => word.length > 0);
  if (words.length === 0) return null;
  let levels: RegionLevel[] | null = null;
  let unitTypes: RegionUnitType[] | null = null;
  const unit = UNIT_WORDS[words[0]!];
  if (unit && words.length > 1) {
    levels = unit.levels;
    unitTypes = unit.unitTypes;
    words = words.slice(1);
    if (levels?.[0] === 'gmina') {
      const type = GMINA_TYPES.find((candidate) => candidate.words.length < words.length && candidate.words.every((word, index) => words[index] === word));
      if (type) {
        unitTypes = [type.unitType];
        words = words.slice(type.words.length);
      }
    }
  }
  const alternatives = words.map((word) => [word, ...stemsOf(word)]);
  return { text: words.join(' '), words: alternatives, stemmedTexts: stemmedTexts(alternatives), levels, unitTypes };
}

/** Whole texts with at least one word replaced by a stem, at most MAX_STEMMED_TEXTS of them. */
function stemmedTexts(alternatives: string[][]): string[] {
  let texts: string[][] = [[]];
  for (const options of alternatives) {
    texts = texts.flatMap((prefix) => options.map((option) => [...prefix, option]));
    if (texts.length > MAX_STEMMED_TEXTS * 4) texts = texts.slice(0, MAX_STEMMED_TEXTS * 4);
  }
  const literal = alternatives.map((options) => options[0]).join(' ');
  return texts
    .map((words) => words.join(' '))
    .filter((text) => text !== literal)
    .slice(0, MAX_STEMMED_TEXTS);
}
