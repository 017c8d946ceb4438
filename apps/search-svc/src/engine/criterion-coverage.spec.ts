import { describe, expect, it } from '@jest/globals';
import { searchCriteriaOf, type CoverageStatus, type SearchFilters } from '@lp/contracts';
import { planCoverage, type ScopeGmina } from './criterion-coverage.js';

const KORNIK: ScopeGmina = { teryt: '3021093', name: 'Kórnik' };
const MOSINA: ScopeGmina = { teryt: '3021042', name: 'Mosina' };
const ZANIEMYSL: ScopeGmina = { teryt: '3025052', name: 'Zaniemyśl' };

function plan(neighbours: Record<string, CoverageStatus>, filters: SearchFilters = { far: [{ layer: 'services_poi', kinds: ['school'], beyond_m: 2000 }] }) {
  const criteria = searchCriteriaOf({ region: KORNIK.teryt, filters });
  const table = new Map([['services_poi', new Map<string, CoverageStatus>([[KORNIK.teryt, 'available'], ...Object.entries(neighbours)])]]);
  const reach = new Map([[2000, [KORNIK, MOSINA, ZANIEMYSL]]]);
  return planCoverage(criteria, { gminas: [KORNIK], table, filters, reach })[0]!;
}

describe('coverage over a criterion’s reach', () => {
  it('is available only when every gmina within the reach has the data', () => {
    const all = plan({ [MOSINA.teryt]: 'available', [ZANIEMYSL.teryt]: 'available' });
    expect(all.view).toEqual({ criterion: 'far:services_poi', mode: 'requires', status: 'available' });
    expect(all.reachGap).toBeUndefined();
  });

  it('is partial with the gminas without data named, and parcels within reach of them unknown', () => {
    const gap = plan({ [ZANIEMYSL.teryt]: 'available' });
    expect(gap.view.status).toBe('partial');
    expect(gap.view.note).toMatch(/looks 2000 m around each parcel.*no data in 1 gmina.*Mosina \(3021042\).*left out/);
    expect(gap.reachGap).toEqual({ reachM: 2000, gminas: [MOSINA.teryt] });
    // the searched gmina itself has the data: nothing of the scope is left out for it
    expect(gap.uncovered).toEqual([]);
  });

  it('is partial where a gmina within the reach has only part of the data, with no parcel made unknown', () => {
    const some = plan({ [MOSINA.teryt]: 'partial', [ZANIEMYSL.teryt]: 'available' });
    expect(some.view.status).toBe('partial');
    expect(some.view.note).toMatch(/only partial data in 1 gmina/);
    expect(some.reachGap).toBeUndefined();
  });

  it('lists an exclusion’s unknown parcels as unscreened, and leaves a criterion without reach as it was', () => {
    const exclusion = plan({}, { exclude: [{ layer: 'services_poi', buffer_m: 2000 }] });
    expect(exclusion.view.note).toMatch(/list it in unscreened/);
    const onTheParcel = plan({}, { exclude: [{ layer: 'services_poi', buffer_m: 0 }] });
    expect(onTheParcel.view).toEqual({ criterion: 'exclude:services_poi', mode: 'screens', status: 'available' });
  });
});
