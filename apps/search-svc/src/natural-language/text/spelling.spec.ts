import { describe, expect, it } from '@jest/globals';
import { correctSpelling, SpellingVocabulary } from './spelling.js';

const vocabulary = new SpellingVocabulary([
  { text: 'fotowolt', prefix: true },
  { text: 'energii', prefix: false },
  { text: 'hektarow', prefix: false },
  { text: 'farma', prefix: false },
]);

describe('correctSpelling', () => {
  it('corrects a word or the beginning of a word one or two edits away', () => {
    expect(correctSpelling('fotowltaika', vocabulary)).toBe('fotowoltaika');
    expect(correctSpelling('enrgii', vocabulary)).toBe('energii');
    expect(correctSpelling('hektarw', vocabulary)).toBe('hektarow');
  });

  it('leaves short words, exact words and far words alone', () => {
    expect(correctSpelling('frma', vocabulary)).toBeNull();
    expect(correctSpelling('energii', vocabulary)).toBeNull();
    expect(correctSpelling('basenem', vocabulary)).toBeNull();
  });
});
