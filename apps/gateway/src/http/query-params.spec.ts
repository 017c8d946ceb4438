import { describe, expect, it } from '@jest/globals';
import { queryNumber } from './query-params.js';

describe('queryNumber', () => {
  it('turns plain decimal text into numbers', () => {
    expect(queryNumber('16.93')).toBe(16.93);
    expect(queryNumber('-100')).toBe(-100);
    expect(queryNumber('0')).toBe(0);
  });

  it('leaves every other spelling for validation to name, instead of reading another value', () => {
    for (const text of ['0x10', '1e3', '-1e2', '+5', ' 5', '5 ', '', '.5', '5.', 'Infinity', 'NaN', '1_000', 'abc']) {
      expect(queryNumber(text)).toBe(text);
    }
    expect(queryNumber(undefined)).toBeUndefined();
    expect(queryNumber(['1', '2'])).toEqual(['1', '2']);
  });
});
