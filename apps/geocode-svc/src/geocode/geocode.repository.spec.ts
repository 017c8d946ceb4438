import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_BY_POSTCODE_SQL, SEARCH_BY_WORDS_SQL, SPELLING_SQL } from './geocode.repository.js';

describe('printed SQL of the geocode repository', () => {
  it.each([
    ['search-by-words.sql', SEARCH_BY_WORDS_SQL],
    ['search-by-postcode.sql', SEARCH_BY_POSTCODE_SQL],
    ['spelling.sql', SPELLING_SQL],
  ])('matches the committed sql/%s (regenerate it when the query changes on purpose)', (file, sql) => {
    expect(readFileSync(join(import.meta.dirname, 'sql', file), 'utf8')).toBe(`${sql}\n`);
  });
});
