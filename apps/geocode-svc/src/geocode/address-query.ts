import { foldedWords, houseBase, normaliseHouseNumber, normalisePostcode, significantWords, streetTypeOf, type StreetType } from '../addresses/address-text.js';

/** A house number as asked: `12a/3` is number 12a (flat 3, or a number written with a slash). */
export interface HouseNumberQuery {
  /** Everything typed, normalised: `12a/3`. */
  full: string;
  /** Before the slash: `12a`; the building when the part after it is a flat. */
  main: string;
  /** Leading digits: 12, to rank nearby numbers. */
  base: number;
}

/** One reading of a free-text address, as the repository matches it. */
export interface AddressQuery {
  /** Folded words of the street, locality or gmina, in any order, street-type words removed. */
  words: string[];
  houseNumber: HouseNumberQuery | null;
  /** `NN-NNN`. */
  postcode: string | null;
  /** The street type typed (`ul.`, `aleja` ...), to prefer that type among equals. */
  streetType: StreetType | null;
}

/** Words beyond this are dropped: no address needs more, and each one is an index lookup. */
export const MAX_QUERY_WORDS = 12;

const POSTCODE = /(^|[^0-9/])([0-9]{2}\s?[-‐–]\s?[0-9]{3}|[0-9]{5})(?![0-9/])/;
const HOUSE_NUMBER = /^[0-9]{1,5}[a-z]?(\/[0-9]{1,5}[a-z]?)?$/;
/** Words announcing a house number (`nr 12`): dropped. */
const NUMBER_WORDS = new Set(['nr', 'numer']);
/** Words announcing a flat (`12 m. 3`, `lok. 3`): dropped with the number after them (points are buildings). */
const FLAT_WORDS = new Set(['m', 'lok', 'lokal', 'mieszkanie']);

/**
 * Reads the text of GET /geocode?q=. Word order is free: a postcode (`60-101`, `60101`) is taken
 * from anywhere, a token like `12`, `12a`, `12 A` or `12/3` is a house number, `ul.`/`ulica`,
 * `al.`/`aleja`, `os.`/`osiedle`, `pl.`/`plac` only say the street type, and every other word must
 * begin a word of the street, the locality or the gmina (diacritics folded).
 *
 * Several numbers are ambiguous (`3 Maja 5`, `5 3 Maja`): the readings are returned best first,
 * the last number as the house number first, then the first one. Empty when nothing is searchable
 * (no name word and no postcode).
 */
export function parseAddressQuery(q: string): AddressQuery[] {
  let text = q.normalize('NFC').toLowerCase();
  let postcode: string | null = null;
  const postcodeMatch = POSTCODE.exec(text);
  if (postcodeMatch) {
    postcode = normalisePostcode(postcodeMatch[2]!.replace(/\s/g, ''));
    text = text.slice(0, postcodeMatch.index) + postcodeMatch[1] + ' ' + text.slice(postcodeMatch.index + postcodeMatch[0].length);
  }
  const tokens = tokensOf(text);
  const numbers = tokens.flatMap((token, index) => (HOUSE_NUMBER.test(token) ? [index] : []));
  const houseIndexes = [...new Set([numbers.at(-1), numbers[0]])].filter((index): index is number => index !== undefined);
  const readings = (houseIndexes.length > 0 ? houseIndexes : [null]).map((houseIndex) => reading(tokens, houseIndex, postcode));
  return readings.filter((query) => query.words.length > 0 || query.postcode !== null);
}

/** Tokens of the lower-cased text: abbreviation dots and separators split off, `12 a` joined, `nr` and flat numbers dropped. */
function tokensOf(text: string): string[] {
  const raw = text
    .replace(/\b(ul|al|os|pl|nr|m|lok)\.(?=\S)/g, '$1. ')
    .split(/[\s,;]+/)
    .map((token) => token.replace(/\.+$/, ''))
    .filter((token) => token.length > 0);
  const tokens: string[] = [];
  for (let index = 0; index < raw.length; index++) {
    const token = raw[index]!;
    const next = raw[index + 1];
    if (NUMBER_WORDS.has(token)) continue;
    if (FLAT_WORDS.has(token) && next !== undefined && /^[0-9]+[a-z]?$/.test(next) && tokens.length > 0 && HOUSE_NUMBER.test(tokens.at(-1)!)) {
      index++;
      continue;
    }
    const flatFollows = next !== undefined && FLAT_WORDS.has(next) && /^[0-9]/.test(raw[index + 2] ?? '');
    if (/^[0-9]{1,5}$/.test(token) && next !== undefined && /^[a-z]$/.test(next) && !flatFollows) {
      tokens.push(token + next);
      index++;
      continue;
    }
    tokens.push(token);
  }
  return tokens;
}

function reading(tokens: string[], houseIndex: number | null, postcode: string | null): AddressQuery {
  let houseNumber: HouseNumberQuery | null = null;
  const words: string[] = [];
  let streetType: StreetType | null = null;
  tokens.forEach((token, index) => {
    if (index === houseIndex) {
      const full = normaliseHouseNumber(token);
      const main = full.split('/')[0]!;
      houseNumber = { full, main, base: houseBase(full)! };
      return;
    }
    for (const word of foldedWords(token)) {
      streetType ??= streetTypeOf(word);
      words.push(word);
    }
  });
  return { words: [...new Set(significantWords(words))].slice(0, MAX_QUERY_WORDS), houseNumber, postcode, streetType };
}
