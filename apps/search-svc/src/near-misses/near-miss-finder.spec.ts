import { describe, expect, it } from '@jest/globals';
import { AppError, type SearchParcelsRequest } from '@lp/contracts';
import { currentDeadlineMs, runWithRequestContext } from '@lp/runtime';
import type { ParcelSearchResponse } from '../engine/search-results.js';
import { closestFirst, NearMissFinder, type SearchFn } from './near-miss-finder.js';

const REQUEST: SearchParcelsRequest = { region: '3064011', filters: { area_sqm: { min: 20_000 }, slope_pct: { max: 5 } } };

function answer(matched: number, coverage: ParcelSearchResponse['coverage'] = [
  { criterion: 'area', mode: 'requires', status: 'available' },
  { criterion: 'slope', mode: 'screens', status: 'available' },
]): ParcelSearchResponse {
  return { count: Math.min(matched, 20), matched, blocked: false, coverage, results: [] };
}

describe('near-miss finder', () => {
  it('says nothing when the answer has plenty of results or is blocked', async () => {
    const finder = new NearMissFinder(async () => answer(0));
    expect(await finder.find(REQUEST, answer(10))).toBeUndefined();
    expect(await finder.find(REQUEST, { ...answer(0), blocked: true })).toBeUndefined();
  });

  it('a relaxation stopped by its deadline is named as not evaluated, and the answer stands', async () => {
    const search: SearchFn = async (request) => {
      if (request.filters?.slope_pct?.max !== 5) throw new AppError('upstream_timeout', 'cancelled');
      return answer(4);
    };
    const nearMisses = await new NearMissFinder(search).find(REQUEST, answer(2));
    expect(nearMisses!.relaxations).toEqual([{ criterion: 'area', parameter: 'filters.area_sqm.min', from: 20_000, to: 10_000, matched: 4, added: 2 }]);
    expect(nearMisses!.not_evaluated).toEqual(['filters.slope_pct.max 5 → 7.5']);
  });

  it('a fault in a near-miss search costs the advice it stopped, never the answer', async () => {
    const finder = new NearMissFinder(async () => {
      throw new Error('a fault of the service');
    });
    const nearMisses = await finder.find(REQUEST, answer(0));
    expect(nearMisses).toEqual({ relaxations: [], one_away: [], not_evaluated: ['filters.area_sqm.min 20000 → 10000', 'filters.slope_pct.max 5 → 7.5', 'area', 'slope'] });
  });

  it('keeps a second of the request deadline for the answer, and evaluates nothing past its budget', async () => {
    const seen: Array<number | undefined> = [];
    const search: SearchFn = async () => {
      seen.push(currentDeadlineMs());
      return answer(1);
    };
    const requestDeadline = Date.now() + 3_000;
    await runWithRequestContext({ requestId: 'r1', deadlineMs: requestDeadline }, () => new NearMissFinder(search).find(REQUEST, answer(0)));
    for (const deadline of seen) expect(deadline).toBeLessThanOrEqual(requestDeadline - 1_000);
    const late = await new NearMissFinder(search, 0).find(REQUEST, answer(0));
    expect(late!.relaxations).toEqual([]);
    expect(late!.not_evaluated).toEqual(['filters.area_sqm.min 20000 → 10000', 'filters.slope_pct.max 5 → 7.5', 'area', 'slope']);
  });

  it('puts the misses of a near criterion by the distance they miss it by, unmeasured last, ties in the search order', () => {
    const result = (id: string, near?: number) => ({ parcel_id: id, gmina: 'g', teryt: '3064011', area_sqm: 1, score: null, components: [], ...(near === undefined ? {} : { facts: { near_m: { 'near:grid_capacity': near } } }) });
    const ordered = closestFirst([result('a', 6300), result('b'), result('c', 4200), result('d', 4500), result('e', 4200)] as never, 'near:grid_capacity');
    expect(ordered.map((r) => r.parcel_id)).toEqual(['c', 'e', 'd', 'a', 'b']);
  });
});
