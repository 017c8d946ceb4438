import { describe, expect, it } from '@jest/globals';
import { OverloadedError, RateLimitedError } from '../rate-limit/rate-limited.error.js';
import { requestCost } from './request-cost.js';
import { WorkInFlight } from './work-in-flight.js';

const nationalAssembly = requestCost('/v1/search/assemblies', 'search', { filters: {}, assembly: { min_total_area_sqm: 1 } });
const gminaSearch = requestCost('/v1/search/parcels', 'search', { region: '3064011' });
const lookup = requestCost('/v1/parcels/:parcel_id', 'default', undefined);
const largeBatch = requestCost('/v1/parcels/batch', 'default', { parcel_ids: Array.from({ length: 500 }, (_, i) => `id${i}`), include: ['a', 'b', 'c', 'd'] });

describe('request costs', () => {
  it('price requests by how far they reach and how much they ask for', () => {
    expect(nationalAssembly).toEqual({ costClass: 'assembly_national', units: 200, tier: 'heavy' });
    expect(requestCost('/v1/search/assemblies', 'search', { region: '30' }).costClass).toBe('assembly_regional');
    expect(gminaSearch).toEqual({ costClass: 'search_gmina', units: 3, tier: 'critical' });
    expect(requestCost('/v1/search/parcels', 'search', { bbox: '16,52,17,53' }).costClass).toBe('search_gmina');
    expect(requestCost('/v1/search/parcels', 'search', {}).costClass).toBe('search_national');
    expect(largeBatch).toEqual({ costClass: 'batch_large', units: 101, tier: 'heavy' });
    expect(requestCost('/v1/parcels/batch', 'default', { parcel_ids: ['a', 'b'] })).toEqual({ costClass: 'batch', units: 2, tier: 'normal' });
    expect(requestCost('/v1/search/parcels/export', 'search', {}).costClass).toBe('export');
    expect(requestCost('/v1/parcels/:parcel_id/report', 'reports', undefined).costClass).toBe('report');
    expect(lookup).toEqual({ costClass: 'lookup', units: 1, tier: 'critical' });
  });

  it('take a malformed body as the widest reach rather than failing', () => {
    expect(requestCost('/v1/search/parcels', 'search', 'not an object').costClass).toBe('search_national');
    expect(requestCost('/v1/parcels/batch', 'default', { parcel_ids: 'x' }).units).toBe(2);
  });
});

describe('work in flight', () => {
  const limits = { keyUnits: 400, heavyPerKey: 1, heavyPerService: 2, serviceUnits: 1000 };

  it('let one key have one national assembly in flight, refuse the second with 429, and let it in once the first ends', () => {
    const work = new WorkInFlight(limits);
    const release = work.admit('abuser', nationalAssembly);
    expect(() => work.admit('abuser', nationalAssembly)).toThrow(RateLimitedError);
    // the key's other classes and another key's heavy work are not its class cap's business
    work.admit('abuser', largeBatch)();
    work.admit('other', nationalAssembly)();
    release();
    release(); // a second release changes nothing
    work.admit('abuser', nationalAssembly)();
    expect(work.units).toBe(0);
  });

  it('cap a key by the cost it has in flight, always letting a single request in', () => {
    const work = new WorkInFlight({ ...limits, keyUnits: 10, heavyPerKey: 5 });
    const big = work.admit('k', nationalAssembly);
    expect(() => work.admit('k', gminaSearch)).toThrow(RateLimitedError);
    big();
    for (let i = 0; i < 3; i++) work.admit('k', gminaSearch);
    expect(() => work.admit('k', gminaSearch)).toThrow(/9 cost units of work in flight and may have 10/);
  });

  it('shed heavy work first when saturated, with 503, and never another key\'s lookups or gmina searches', () => {
    const work = new WorkInFlight({ ...limits, heavyPerService: 10 });
    const held = [work.admit('a', nationalAssembly), work.admit('b', nationalAssembly)];
    // half the service's units are heavy: the third national assembly is shed, for any key
    expect(() => work.admit('c', nationalAssembly)).toThrow(OverloadedError);
    // normal work fits under nine tenths
    work.admit('c', requestCost('/v1/search/assemblies', 'search', { region: '3064011' }));
    for (let i = 0; i < 250; i++) work.admit(`victim${i}`, i % 2 ? lookup : gminaSearch);
    expect(work.units).toBeGreaterThan(900);
    expect(() => work.admit('d', requestCost('/v1/search/parcels', 'search', { region: '30' }))).toThrow(OverloadedError);
    work.admit('e', lookup);
    held.forEach((release) => release());
  });

  it('cap each heavy class per service, whatever the units', () => {
    const work = new WorkInFlight({ ...limits, serviceUnits: 100_000 });
    work.admit('a', largeBatch);
    work.admit('b', largeBatch);
    const shed = (() => {
      try {
        work.admit('c', largeBatch);
      } catch (error) {
        return error;
      }
    })() as OverloadedError;
    expect(shed).toBeInstanceOf(OverloadedError);
    expect(shed.retryAfterS).toBe(5);
    expect(shed.code).toBe('service_unavailable');
  });
});
