import { describe, expect, it } from '@jest/globals';
import { queryNumber } from './query-params.js';

describe('queryNumber', () => {
  it('turns numeric text into numbers and leaves everything else for validation to name', () => {
    expect(queryNumber('16.93')).toBe(16.93);
    expect(queryNumber('-1e2')).toBe(-100);
    expect(queryNumber('abc')).toBe('abc');
    expect(queryNumber('')).toBe('');
    expect(queryNumber(undefined)).toBeUndefined();
    expect(queryNumber(['1', '2'])).toEqual(['1', '2']);
  });
});
