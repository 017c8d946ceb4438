import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { GminaChunk } from './column-store.js';
import { MatchScratch } from './column-scratch.js';

const chunkOf = (size: number): GminaChunk => ({ size }) as GminaChunk;

describe('the matched rows held as bits', () => {
  it('gives back each gmina’s rows in ascending order, the first `max` of them, after any earlier search', () => {
    const gmina = fc.integer({ min: 0, max: 200 }).chain((size) =>
      fc.record({ size: fc.constant(size), rows: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(size - 1, 0) }), { maxLength: size }) }),
    );
    const scratch = new MatchScratch();
    fc.assert(
      fc.property(fc.array(gmina, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 250 }), (gminas, max) => {
        const chunks = gminas.map((g) => chunkOf(g.size));
        const starts = scratch.begin(chunks);
        gminas.forEach((g, k) => scratch.set(starts[k]!, Int32Array.from(g.rows), g.rows.length));
        gminas.forEach((g, k) => {
          const sorted = [...g.rows].sort((a, b) => a - b);
          const m = { chunk: chunks[k]!, word: starts[k]!, count: g.rows.length };
          const all = new Int32Array(g.size + 1);
          expect(Array.from(all.subarray(0, scratch.rows(m, all)))).toEqual(sorted);
          const first = new Int32Array(g.size + 1);
          expect(Array.from(first.subarray(0, scratch.rows(m, first, max)))).toEqual(sorted.slice(0, max));
        });
      }),
      { numRuns: 500 },
    );
  });

  it('sets the 32nd row of a word, whose bit is the sign bit', () => {
    const scratch = new MatchScratch();
    const chunk = chunkOf(64);
    const [word] = scratch.begin([chunk]);
    scratch.set(word!, Int32Array.of(31, 32, 63), 3);
    const out = new Int32Array(64);
    expect(Array.from(out.subarray(0, scratch.rows({ chunk, word: word!, count: 3 }, out)))).toEqual([31, 32, 63]);
  });
});
