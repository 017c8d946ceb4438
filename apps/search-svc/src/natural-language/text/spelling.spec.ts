import { describe, expect, it } from '@jest/globals';
import { correctSpelling, SpellingVocabulary } from './spelling.js';

const vocabulary = new SpellingVocabulary([
  { text: 'fotowolt', prefix: true },
  { text: 'energii', prefix: false },
  { text: 'hektarow', prefix: false },
  { text: 'farma', prefix: false },
  { text: 'solar', prefix: false },
]);

describe('correctSpelling', () => {
  it('corrects a word or the beginning of a word one or two edits away', () => {
    expect(correctSpelling('fotowltaika', vocabulary)).toBe('fotowoltaika');
    expect(correctSpelling('enrgii', vocabulary)).toBe('energii');
    expect(correctSpelling('hektarw', vocabulary)).toBe('hektarow');
  });

  it('corrects a four-letter word only when it is a five-letter word missing one letter ("solr farm")', () => {
    expect(correctSpelling('solr', vocabulary)).toBe('solar');
    expect(correctSpelling('frma', vocabulary)).toBe('farma');
    // a changed or swapped letter in four is too little to go on
    expect(correctSpelling('solx', vocabulary)).toBeNull();
    expect(correctSpelling('fram', vocabulary)).toBeNull();
  });

  it('leaves short words, exact words and far words alone', () => {
    expect(correctSpelling('frm', vocabulary)).toBeNull();
    expect(correctSpelling('energii', vocabulary)).toBeNull();
    expect(correctSpelling('basenem', vocabulary)).toBeNull();
  });
});
