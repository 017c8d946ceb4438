import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { BESS_EXAMPLE as BESS_REQUEST } from '../../test/example-requests.js';
import { SearchParcelsRequest } from './search-parcels.request.js';

/** The spec's bess_storage example as a request body, with a limit. */
const BESS_EXAMPLE = { ...BESS_REQUEST, limit: 20 };

/** Messages class-validator gives, flattened, with the same options as validateMessage (libs/messaging). */
function shapeProblems(body: unknown): string[] {
  const instance = plainToInstance(SearchParcelsRequest, body);
  const flatten = (errors: ValidationError[], path: string): string[] =>
    errors.flatMap((e) => {
      const at = path ? `${path}.${e.property}` : e.property;
      const own = Object.entries(e.constraints ?? {}).map(([name, text]) => (name === 'whitelistValidation' ? `${at} is not an accepted field` : text));
      return [...own, ...flatten(e.children ?? [], at)];
    });
  return flatten(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }), '');
}

const withFilters = (filters: unknown) => ({ filters });

describe('SearchParcelsRequest shapes and bounds', () => {
  it('accepts the bess_storage example and an empty body (all of Poland, no filters)', () => {
    expect(shapeProblems(BESS_EXAMPLE)).toEqual([]);
    expect(shapeProblems({})).toEqual([]);
  });

  it('names the bad TERYT code, bbox shape and limit with what is allowed', () => {
    expect(shapeProblems({ region: '306' }).join()).toMatch(/region must be a TERYT code of 2, 4 or 7 digits/);
    expect(shapeProblems({ region: 3064 }).join()).toMatch(/region must be a TERYT code/);
    expect(shapeProblems({ bbox: '16.85,52.37,16.97' }).join()).toMatch(/bbox must be minLng,minLat,maxLng,maxLat/);
    expect(shapeProblems({ bbox: '16.85,52.37,16.97,52.44' })).toEqual([]);
    expect(shapeProblems({ limit: 201 }).join()).toMatch(/limit must be an integer from 1 to 200; got 201/);
    expect(shapeProblems({ limit: 0 }).join()).toMatch(/limit must be an integer from 1 to 200; got 0/);
    expect(shapeProblems({ limit: 2.5 }).join()).toMatch(/got 2.5/);
  });

  it('refuses a list or a value where one object belongs, saying what is expected (an empty list passed as nothing)', () => {
    expect(shapeProblems({ scenario: [] }).join()).toMatch(/scenario must be an object \{id, params\}/);
    expect(shapeProblems({ filters: [] }).join()).toMatch(/filters must be an object of hard filters/);
    expect(shapeProblems({ filters: 'area' }).join()).toMatch(/filters must be an object of hard filters/);
    expect(shapeProblems(withFilters({ area_sqm: [] })).join()).toMatch(/filters.area_sqm must be an object \{min, max\}/);
    expect(shapeProblems(withFilters({ zoning: [] })).join()).toMatch(/filters.zoning must be an object/);
    expect(shapeProblems(withFilters({ land_use: [] })).join()).toMatch(/filters.land_use must be an object/);
    expect(shapeProblems(withFilters({ slope_pct: [] })).join()).toMatch(/filters.slope_pct must be an object \{max\}/);
    expect(shapeProblems({ scenario: { id: 'solar_farm_site' }, filters: { area_sqm: { min: 1 }, slope_pct: { max: 5 } } })).toEqual([]);
  });

  it('refuses negative distances and buffers beyond 5000 m, naming the value', () => {
    expect(shapeProblems(withFilters({ near: [{ layer: 'power_substations', within_m: -5 }] })).join()).toMatch(
      /filters\.near\[\]\.within_m must be from 0 to 50000 metres; got -5/,
    );
    expect(shapeProblems(withFilters({ near: [{ layer: 'power_substations', within_m: 50001 }] })).join()).toMatch(/got 50001/);
    expect(shapeProblems(withFilters({ exclude: [{ layer: 'env_layers', buffer_m: -1 }] })).join()).toMatch(
      /filters\.exclude\[\]\.buffer_m must be from 0 to 5000 metres; got -1/,
    );
    expect(shapeProblems(withFilters({ exclude: [{ layer: 'env_layers', buffer_m: 5001 }] })).join()).toMatch(/got 5001/);
    expect(shapeProblems(withFilters({ exclude: [{ layer: 'env_layers', buffer_m: 5000 }] }))).toEqual([]);
    expect(shapeProblems(withFilters({ area_sqm: { min: -1 } })).join()).toMatch(/filters\.area_sqm\.min must not be negative; got -1/);
    expect(shapeProblems(withFilters({ slope_pct: { max: 101 } })).join()).toMatch(/filters\.slope_pct\.max must be from 0 to 100 \(percent\); got 101/);
  });

  it('wants integer weights from 0 to 100', () => {
    const rank = (weight: unknown) => shapeProblems({ rank_by: [{ signal: 'area', weight }] }).join();
    expect(rank(1.5)).toMatch(/rank_by\[\]\.weight must be an integer from 0 to 100; got 1.5/);
    expect(rank(101)).toMatch(/got 101/);
    expect(rank(-1)).toMatch(/got -1/);
    expect(rank(0)).toBe('');
  });

  it('names unknown fields at any depth', () => {
    expect(shapeProblems({ filter: {} }).join()).toMatch(/filter is not an accepted field/);
    expect(shapeProblems(withFilters({ near: [{ layer: 'roads', within_m: 10, radius: 5 }] })).join()).toMatch(/radius is not an accepted field/);
    expect(shapeProblems(withFilters({ zoning: { category: ['industrial'] } })).join()).toMatch(/category is not an accepted field/);
  });

  it('checks types of where, kinds, vacant and zoning', () => {
    expect(shapeProblems(withFilters({ near: [{ layer: 'roads', within_m: 10, where: [1] }] })).join()).toMatch(/where must be an object/);
    expect(shapeProblems(withFilters({ exclude: [{ layer: 'env_layers', kinds: 'natura2000' }] })).join()).toMatch(/kinds must be an array/);
    expect(shapeProblems(withFilters({ vacant: 'yes' })).join()).toMatch(/filters\.vacant must be true or false/);
    expect(shapeProblems(withFilters({ zoning: { symbols: [''] } })).join()).toMatch(/must not contain empty strings/);
    expect(shapeProblems(withFilters({ zoning: { require_plan: 1 } })).join()).toMatch(/require_plan must be true or false/);
  });
});
