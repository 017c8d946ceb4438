import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ParcelKeys } from './column-keys.js';

const NULL_KEY = -(2 ** 31);

/** Keys as builds leave them: runs of consecutive keys (one statement's), now and then a null or a lone key. */
const runsOfKeys = fc
  .array(fc.record({ start: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constant(NULL_KEY)), length: fc.integer({ min: 1, max: 40 }) }), { maxLength: 12 })
  .map((runs) => {
    const keys: number[] = [];
    for (const { start, length } of runs) for (let i = 0; i < length && start + i <= 2 ** 31 - 1; i++) keys.push(start + i);
    return Int32Array.from(keys);
  });

describe('parcel keys held as runs', () => {
  it('give every row its key back, tell which keys are held, and never take more bytes than the keys', () => {
    fc.assert(
      fc.property(runsOfKeys, fc.integer({ min: NULL_KEY, max: 2 ** 31 - 1 }), (keys, probe) => {
        const held = ParcelKeys.of(keys);
        expect(held.length).toBe(keys.length);
        expect(Array.from({ length: keys.length }, (_, row) => held.at(row))).toEqual(Array.from(keys));
        for (const key of [probe, NULL_KEY, ...keys.slice(0, 3)]) expect(held.includes(key)).toBe(keys.includes(key));
        expect(held.byteLength).toBeLessThanOrEqual(keys.byteLength);
      }),
    );
  });

  it('hold a gmina keyed in one statement in 8 bytes, whatever its size', () => {
    const keys = Int32Array.from({ length: 20_000 }, (_, row) => 1_000_000 + row);
    const held = ParcelKeys.of(keys);
    expect(held.byteLength).toBe(8);
    expect([held.at(0), held.at(12_345), held.at(19_999)]).toEqual([1_000_000, 1_012_345, 1_019_999]);
    expect(held.includes(1_020_000)).toBe(false);
    expect(held.includes(999_999)).toBe(false);
  });

  it('keep keys with no runs as they are', () => {
    const keys = Int32Array.from([7, 3, 9, 1, 12]);
    const held = ParcelKeys.of(keys);
    expect(held.byteLength).toBe(keys.byteLength);
    expect(Array.from({ length: 5 }, (_, row) => held.at(row))).toEqual([7, 3, 9, 1, 12]);
    expect(ParcelKeys.empty().length).toBe(0);
  });
});
