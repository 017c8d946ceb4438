import { foldPolish } from '@lp/geo';

/**
 * Text rules shared by the address loader and the search, so that names are indexed and queries
 * read by exactly the same folding: a change here needs a reload of the addresses.
 */

export const STREET_TYPES = ['ul', 'al', 'os', 'pl'] as const;
export type StreetType = (typeof STREET_TYPES)[number];

/** Folded words naming a street type: abbreviated, written out, or inflected as people type them. */
const STREET_TYPE_WORDS: ReadonlyMap<string, StreetType> = new Map([
  ...['ul', 'ulica', 'ulicy', 'ulice'].map((word) => [word, 'ul'] as const),
  ...['al', 'aleja', 'alei', 'aleje', 'alej'].map((word) => [word, 'al'] as const),
  ...['os', 'osiedle', 'osiedla', 'osiedlu'].map((word) => [word, 'os'] as const),
  ...['pl', 'plac', 'placu'].map((word) => [word, 'pl'] as const),
]);

export function streetTypeOf(word: string): StreetType | null {
  return STREET_TYPE_WORDS.get(word) ?? null;
}

/**
 * The words of a folded name that identify it: street-type words dropped wherever they stand
 * (`osiedle`, `ul`), unless nothing else is left. Applied alike to indexed names and to queries,
 * so `Osiedle Słoneczne`, `os. Słoneczne` and `Słoneczne` are the same words.
 */
export function significantWords(words: string[]): string[] {
  const kept = words.filter((word) => !STREET_TYPE_WORDS.has(word));
  return kept.length > 0 ? kept : words;
}

/** Folded words of a name, e.g. `Curie-Skłodowskiej` → `curie`, `sklodowskiej`. */
export function foldedWords(text: string): string[] {
  const folded = foldPolish(text);
  return folded === '' ? [] : folded.split(' ');
}

/** A register's street name split into its type and its identifying words: `ul. Głogowska` → ul, [glogowska]. */
export function splitStreetName(street: string): { type: StreetType | null; words: string[] } {
  const words = foldedWords(street);
  const type = words.length > 1 ? streetTypeOf(words[0]!) : null;
  return { type, words: significantWords(words) };
}

/**
 * House number as compared: lower case, no spaces, `\` read as `/`, a trailing dot dropped
 * (`12 A` → `12a`, `14\16` → `14/16`). Kept as text: `12a` and `12/3` are numbers too.
 */
export function normaliseHouseNumber(text: string): string {
  return text.toLowerCase().replace(/\\/g, '/').replace(/\s+/g, '').replace(/\.$/, '');
}

/** The leading digits of a house number (`12a/3` → 12), for nearby numbers; null without digits. */
export function houseBase(houseNumber: string): number | null {
  const digits = /^[0-9]{1,6}/.exec(houseNumber);
  return digits ? Number(digits[0]) : null;
}

/** A Polish postcode with or without its dash, as `NN-NNN`; null when it is not one. */
export function normalisePostcode(text: string): string | null {
  const match = /^([0-9]{2})[-‐–]?([0-9]{3})$/.exec(text.trim());
  return match ? `${match[1]}-${match[2]}` : null;
}
