import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { preEmptionRights, splitLandUseClasses, type PreEmptionFacts } from './pre-emption.rules.js';

const KOWR = 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR), for the State Treasury';
const FORESTS = 'Skarb Państwa, represented by Państwowe Gospodarstwo Leśne Lasy Państwowe';
const PARK = 'Skarb Państwa, represented by the director of the national park';
const GMINA = 'the gmina';

const none: PreEmptionFacts = { landUseClasses: [], areaSqm: 10_000, mpzpCategory: null, inLocalPlan: false, inNationalPark: false, forestPct: 0 };
const holders = (facts: Partial<PreEmptionFacts>) => preEmptionRights({ ...none, ...facts }).map((r) => r.holder);

describe('statutory pre-emption rights', () => {
  it('gives none for built-up land outside any plan, park or forest', () => {
    expect(preEmptionRights({ ...none, landUseClasses: ['B', 'dr'] })).toEqual([]);
  });

  describe('KOWR (ustawa o kształtowaniu ustroju rolnego, art. 3)', () => {
    it('applies to agricultural land of at least 0.3 ha, not to smaller properties (art. 1a)', () => {
      expect(holders({ landUseClasses: ['R IVa'], areaSqm: 3000 })).toEqual([KOWR]);
      expect(holders({ landUseClasses: ['R IVa'], areaSqm: 2999.9 })).toEqual([]);
    });

    it('knows the agricultural EGiB classes, also on combined symbols, and not the others', () => {
      for (const cls of ['R IIIa', 'Ł IV', 'Ps V', 'S-R IVa', 'Br-R V', 'Wsr-Ps IV', 'W-R IVb', 'Lzr-R VI', 'N', 'R']) {
        expect({ cls, holders: holders({ landUseClasses: [cls] }) }).toEqual({ cls, holders: [KOWR] });
      }
      for (const cls of ['B', 'Ba', 'Bi', 'Bp', 'Bz', 'dr', 'Tk', 'Wp', 'Ws', 'Ls IV', 'K']) {
        expect({ cls, kowr: holders({ landUseClasses: [cls] }).includes(KOWR) }).toEqual({ cls, kowr: false });
      }
    });

    it('names the agricultural classes, and that the plan does not designate them otherwise when a plan applies', () => {
      const [inPlan] = preEmptionRights({ ...none, landUseClasses: ['R IVa', 'B', 'Ł III'], mpzpCategory: 'agricultural', inLocalPlan: true });
      expect(inPlan).toEqual({
        right: 'agricultural_property',
        land_use_classes: ['R IVa', 'Ł III'],
        holder: KOWR,
        basis: 'art. 3 ustawy z dnia 11 kwietnia 2003 r. o kształtowaniu ustroju rolnego',
        reason: 'agricultural land (EGiB classes R IVa, Ł III) of at least 0.3 ha not designated for other use in the local plan',
      });
      expect(preEmptionRights({ ...none, landUseClasses: ['R IVa'] })[0]!.reason).toBe('agricultural land (EGiB classes R IVa) of at least 0.3 ha');
    });

    it('does not apply where the local plan designates the land for other than agricultural use', () => {
      expect(holders({ landUseClasses: ['R IVa'], mpzpCategory: 'residential', inLocalPlan: true })).toEqual([]);
    });

    it('is not ruled out where it is unknown whether a plan applies (no data is not "no")', () => {
      expect(holders({ landUseClasses: ['R IVa'], mpzpCategory: null, inLocalPlan: null })).toEqual([KOWR]);
    });
  });

  describe('the State Forests (ustawa o lasach, art. 37a)', () => {
    it('applies to forest land by EGiB class, naming the classes', () => {
      expect(preEmptionRights({ ...none, landUseClasses: ['Ls IV', 'Ls V'] })).toEqual([
        { right: 'forest_land', land_use_classes: ['Ls IV', 'Ls V'], holder: FORESTS, basis: 'art. 37a ustawy z dnia 28 września 1991 r. o lasach', reason: 'forest land (EGiB classes Ls IV, Ls V)' },
      ]);
    });

    it('applies to land the local plan designates as forest', () => {
      expect(preEmptionRights({ ...none, mpzpCategory: 'forest', inLocalPlan: true })).toEqual([
        { right: 'forest_land', holder: FORESTS, basis: 'art. 37a ustawy z dnia 28 września 1991 r. o lasach', reason: 'designated as forest in the local plan' },
      ]);
    });

    it('applies from 10 % of the parcel under forest stands, not below', () => {
      expect(preEmptionRights({ ...none, forestPct: 10 })[0]?.reason).toBe('forest stands cover 10 % of the parcel');
      expect(holders({ forestPct: 9.9 })).toEqual([]);
    });
  });

  it('gives the national park a right within its boundaries (ustawa o ochronie przyrody, art. 10 ust. 3)', () => {
    expect(preEmptionRights({ ...none, inNationalPark: true })).toEqual([
      { right: 'national_park', holder: PARK, basis: 'art. 10 ust. 3 ustawy z dnia 16 kwietnia 2004 r. o ochronie przyrody', reason: 'the parcel lies within a national park' },
    ]);
  });

  it('gives the gmina a right on land the plan designates for public purposes (u.g.n. art. 109 ust. 1 pkt 4)', () => {
    for (const category of ['public_services', 'transport', 'infrastructure']) {
      expect(preEmptionRights({ ...none, mpzpCategory: category, inLocalPlan: true })).toEqual([
        {
          right: 'public_purpose',
          holder: GMINA,
          basis: 'art. 109 ust. 1 pkt 4 ustawy z dnia 21 sierpnia 1997 r. o gospodarce nieruchomościami',
          reason: `the local plan designates the parcel for public purposes (${category})`,
        },
      ]);
    }
    for (const category of ['residential', 'industrial', 'agricultural', 'mixed']) expect(holders({ mpzpCategory: category, inLocalPlan: true })).toEqual([]);
  });

  it('lists every right that applies, in a fixed order', () => {
    expect(holders({ landUseClasses: ['R V', 'Ls VI'], inNationalPark: true })).toEqual([KOWR, FORESTS, PARK]);
  });

  it('for any facts: KOWR only for agricultural land of at least 0.3 ha not planned otherwise; the gmina only for public purposes', () => {
    const facts = fc.record({
      landUseClasses: fc.subarray(['R IVa', 'Ł III', 'Ps IV', 'S-R II', 'B', 'dr', 'Ls V', 'Bi']),
      areaSqm: fc.double({ min: 0, max: 100_000, noNaN: true }),
      mpzpCategory: fc.constantFrom(null, 'agricultural', 'residential', 'forest', 'transport', 'public_services', 'infrastructure'),
      inLocalPlan: fc.constantFrom(null, true, false),
      inNationalPark: fc.boolean(),
      forestPct: fc.double({ min: 0, max: 100, noNaN: true }),
    });
    fc.assert(
      fc.property(facts, (f) => {
        const rights = preEmptionRights(f).map((r) => r.holder);
        const agricultural = f.landUseClasses.some((c) => !['B', 'dr', 'Ls V', 'Bi'].includes(c));
        expect(rights.includes(KOWR)).toBe(agricultural && f.areaSqm >= 3000 && (f.mpzpCategory === null || f.mpzpCategory === 'agricultural'));
        expect(rights.includes(FORESTS)).toBe(f.landUseClasses.includes('Ls V') || f.forestPct >= 10 || f.mpzpCategory === 'forest');
        expect(rights.includes(PARK)).toBe(f.inNationalPark);
        expect(rights.includes(GMINA)).toBe(['transport', 'public_services', 'infrastructure'].includes(f.mpzpCategory ?? ''));
      }),
    );
  });
});

describe('splitting EGiB land-use classes', () => {
  it('splits on commas, trims, and drops empty parts', () => {
    expect(splitLandUseClasses('R IVb,R IVa')).toEqual(['R IVb', 'R IVa']);
    expect(splitLandUseClasses(' Ł III , ,B,')).toEqual(['Ł III', 'B']);
  });

  it('gives no classes for none recorded', () => {
    expect(splitLandUseClasses(null)).toEqual([]);
    expect(splitLandUseClasses('  ')).toEqual([]);
  });
});
