import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SharedParts, splitShared, type SplitBlocks } from './stored-blocks.js';

const coverage = [{ layer: 'hydrants', status: 'missing', note: 'hydrants has no data in this gmina' }];
const sources = [{ layer: 'parcels', version: 3, source_run_id: 'r1', refreshed_at: '2026-11-20T10:00:00Z' }];

describe('splitShared', () => {
  it('keeps each distinct coverage and sources once and points every parcel at its own', () => {
    const otherCoverage = [{ layer: 'hydrants', status: 'missing', note: 'a nearer one may exist' }];
    const split = splitShared([
      { parcel_id: 'a', body: { items: [1], coverage, sources } },
      { parcel_id: 'b', body: { items: [2], coverage: otherCoverage, sources } },
      { parcel_id: 'c', body: { items: [3], coverage: structuredClone(coverage), sources: structuredClone(sources) } },
    ]);
    expect(split.parts).toEqual([
      { coverage, sources },
      { coverage: otherCoverage, sources },
    ]);
    expect(split.bodies).toEqual([
      { parcel_id: 'a', body: { items: [1] }, part: 0 },
      { parcel_id: 'b', body: { items: [2] }, part: 1 },
      { parcel_id: 'c', body: { items: [3] }, part: 0 },
    ]);
  });

  it('leaves the composed bodies as they were', () => {
    const body = { items: [], coverage, sources };
    splitShared([{ parcel_id: 'a', body }]);
    expect(body).toEqual({ items: [], coverage, sources });
  });

  it('gives back every body whole when its part is put back', () => {
    const note = fc.constantFrom('no data', 'partial data', 'a nearer one may exist');
    const body = fc.record({
      items: fc.array(fc.record({ id: fc.string(), distance_m: fc.double({ noNaN: true, noDefaultInfinity: true }) }), { maxLength: 3 }),
      coverage: fc.array(fc.record({ layer: fc.constantFrom('hydrants', 'water'), status: fc.constantFrom('available', 'missing'), note }), { maxLength: 2 }),
      sources: fc.constant(sources),
    });
    fc.assert(
      fc.property(fc.array(body, { maxLength: 20 }), (bodies) => {
        const split = splitShared(bodies.map((b, i) => ({ parcel_id: String(i), body: b })));
        expect(split.bodies.map(({ body: own, part }) => ({ ...own, ...split.parts[part] }))).toEqual(bodies);
        expect(new Set(split.parts.map((p) => JSON.stringify(p))).size).toBe(split.parts.length);
      }),
    );
  });

  it('numbers the parts of a build split page by page as when it is split whole, each part given once', () => {
    const body = fc.record({
      items: fc.array(fc.integer(), { maxLength: 2 }),
      coverage: fc.array(fc.record({ layer: fc.constantFrom('hydrants', 'water'), status: fc.constantFrom('available', 'missing') }), { maxLength: 2 }),
      sources: fc.constant(sources),
    });
    fc.assert(
      fc.property(fc.array(body, { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), (bodies, pageSize) => {
        const all = bodies.map((b, i) => ({ parcel_id: String(i), body: b }));
        const whole = splitShared(all);
        const catalogue = new SharedParts();
        const pages: SplitBlocks[] = [];
        for (let start = 0; start < all.length; start += pageSize) pages.push(catalogue.split(all.slice(start, start + pageSize)));
        expect(pages.map((page) => page.first)).toEqual(pages.map((_, i) => pages.slice(0, i).reduce((n, p) => n + p.parts.length, 0)));
        expect(pages.flatMap((page) => page.parts)).toEqual(whole.parts);
        expect(pages.flatMap((page) => page.bodies)).toEqual(whole.bodies);
      }),
    );
  });
});
