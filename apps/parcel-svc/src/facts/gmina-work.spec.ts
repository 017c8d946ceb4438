import { describe, expect, it } from '@jest/globals';
import { byGmina } from './gmina-work.js';

describe('byGmina', () => {
  it('groups the blocks of each gmina, gminas in the order they first appear', () => {
    expect(
      byGmina([
        { teryt: '3064011', block: 'terrain' },
        { teryt: '0620142', block: 'terrain' },
        { teryt: '3064011', block: 'proximity' },
      ]),
    ).toEqual([
      { teryt: '3064011', blocks: ['terrain', 'proximity'] },
      { teryt: '0620142', blocks: ['terrain'] },
    ]);
  });
});
