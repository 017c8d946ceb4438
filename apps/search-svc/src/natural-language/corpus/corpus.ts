import { CORPUS_EN } from './corpus-en.js';
import { CORPUS_PL } from './corpus-pl.js';
import type { CorpusCase } from './corpus-case.js';

/** The natural-language corpus: every query with the interpretation it must get (corpus test, bench:nl). */
export const CORPUS: readonly CorpusCase[] = [...CORPUS_PL, ...CORPUS_EN];
