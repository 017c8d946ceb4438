import { describe, expect, it } from '@jest/globals';
import { editDistance, typoAllowance } from './edit-distance.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('krakow', 'krakow', 2)).toBe(0);
    expect(editDistance('krakwo', 'krakow', 2)).toBe(1);
    expect(editDistance('poznn', 'poznan', 2)).toBe(1);
    expect(editDistance('gdansk', 'gdanks', 2)).toBe(1);
    expect(editDistance('fotowoltaika', 'fotowltaika', 2)).toBe(1);
    expect(editDistance('wroclaw', 'wrocalw', 2)).toBe(1);
  });

  it('gives up past the limit', () => {
    expect(editDistance('olsztyn', 'opole', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('allows no typo in short words, one up to 8 letters and two from 9', () => {
    expect([4, 5, 8, 9, 14].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
  });
});
