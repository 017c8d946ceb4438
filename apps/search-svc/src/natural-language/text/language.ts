import type { Language } from '../lexicon/meanings.js';

const POLISH_LETTERS = /[ąćęłńóśźż]/i;

/**
 * The language of a query: each recognised phrase counts for its language; a tie goes to Polish
 * when the text has Polish letters outside place names, else to English.
 */
export function detectLanguage(evidence: { pl: number; en: number }, textOutsidePlaces: string): Language {
  if (evidence.pl !== evidence.en) return evidence.pl > evidence.en ? 'pl' : 'en';
  return POLISH_LETTERS.test(textOutsidePlaces) ? 'pl' : 'en';
}
