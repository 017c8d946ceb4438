import { CONNECTIVES, LEXICON_VOCABULARY } from '../lexicon/lexicon.js';
import { GMINA_TYPE_WORDS, PLACE_PREPOSITIONS, UNIT_WORDS_AFTER, UNIT_WORDS_BEFORE } from '../places/place-words.js';
import { MULTIPLIER_WORDS, NUMBER_WORDS } from '../text/number-words.js';
import { QUANTITY_VOCABULARY } from '../text/quantities.js';
import { SpellingVocabulary } from '../text/spelling.js';

/** Every word the interpreter knows outside place names: misspellings are corrected towards these. */
const VOCABULARY = [...LEXICON_VOCABULARY, ...QUANTITY_VOCABULARY];
const KNOWN_WORDS = new Set<string>([
  ...VOCABULARY.filter((item) => !item.prefix).map((item) => item.text),
  ...Object.keys(NUMBER_WORDS),
  ...Object.keys(MULTIPLIER_WORDS),
  ...Object.keys(UNIT_WORDS_BEFORE),
  ...Object.keys(UNIT_WORDS_AFTER),
  ...GMINA_TYPE_WORDS.flatMap((type) => type.words),
  ...PLACE_PREPOSITIONS,
]);
const KNOWN_PREFIXES = VOCABULARY.filter((item) => item.prefix).map((item) => item.text);
export const SPELLING = new SpellingVocabulary(VOCABULARY);
/** Words that are ordinary words of a query, never a place without a preposition or unit word. */
export const COMMON_WORDS = new Set<string>(CONNECTIVES.flatMap((entry) => entry.phrases.flat().flatMap((word) => word.alternatives.filter((a) => !a.prefix).map((a) => a.text))));

export const isKnown = (fold: string): boolean => KNOWN_WORDS.has(fold) || KNOWN_PREFIXES.some((prefix) => fold.startsWith(prefix));
