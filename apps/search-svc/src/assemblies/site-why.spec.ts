import { describe, expect, it } from '@jest/globals';
import { siteWhy } from './site-why.js';

describe('why a site qualifies', () => {
  const facts = { parcels: 3, totalSqm: 215_400, largestSqm: 90_100, metBy: [{ criterion: 'near:power_substations', parcelId: 'p1' }], slope: { pct: 2.34, max: 5 } };

  it('says it in English by default', () => {
    expect(siteWhy(facts)).toEqual(['3 neighbouring parcels, 21.54 ha together (largest 9.01 ha)', 'near:power_substations: met by member p1', 'mean slope 2.3 % by area (at most 5 %)']);
  });

  it('says it in Polish, with the plural the count takes', () => {
    expect(siteWhy(facts, 'pl')).toEqual(['3 sąsiednie działki, łącznie 21,54 ha (największa 9,01 ha)', 'near:power_substations: spełnia działka p1', 'średnie nachylenie 2,3 % ważone powierzchnią (najwyżej 5 %)']);
    expect(siteWhy({ ...facts, parcels: 5, metBy: [], slope: undefined }, 'pl')[0]).toMatch(/^5 sąsiednich działek/);
    expect(siteWhy({ ...facts, parcels: 12, metBy: [], slope: undefined }, 'pl')[0]).toMatch(/^12 sąsiednich działek/);
    expect(siteWhy({ ...facts, parcels: 22, metBy: [], slope: undefined }, 'pl')[0]).toMatch(/^22 sąsiednie działki/);
  });
});
