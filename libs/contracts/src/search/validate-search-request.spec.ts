import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { BESS_EXAMPLE } from '../../test/example-requests.js';
import { AppError } from '../errors/app-error.js';
import { LAYER_CATALOGUE, LAYER_IDS } from '../layer/layer-catalogue.js';
import { ZONING_CATEGORIES } from '../layer/zoning-taxonomy.js';
import type { SearchParcelsRequest } from './search-parcels.request.js';
import { SEARCH_SIGNAL_IDS } from './search-signals.js';
import { assertSearchRequest, validateSearchRequest } from './validate-search-request.js';

const problemsOf = (request: SearchParcelsRequest): string => validateSearchRequest(request).join('\n');
const near = (layer: string, where?: Record<string, unknown>, kinds?: string[]): SearchParcelsRequest => ({
  filters: { near: [{ layer, within_m: 1000, ...(where ? { where } : {}), ...(kinds ? { kinds } : {}) }] },
});

describe('validateSearchRequest', () => {
  it('passes the spec\'s bess_storage example', () => {
    expect(validateSearchRequest(BESS_EXAMPLE)).toEqual([]);
    expect(() => assertSearchRequest(BESS_EXAMPLE)).not.toThrow();
  });

  it('checks far like near: layer, kinds, where, and each layer once', () => {
    expect(problemsOf({ filters: { far: [{ layer: 'services_poi', kinds: ['school'], beyond_m: 2000 }] } })).toBe('');
    expect(problemsOf({ filters: { far: [{ layer: 'nope', beyond_m: 1 }] } })).toContain('filters.far[0].layer: nope is not a layer');
    expect(problemsOf({ filters: { far: [{ layer: 'services_poi', kinds: ['castle'], beyond_m: 1 }] } })).toContain('filters.far[0].kinds: castle is not a kind of services_poi');
    expect(problemsOf({ filters: { far: [{ layer: 'power_substations', where: { colour_eq: 'red' }, beyond_m: 1 }] } })).toContain('filters.far[0].where');
    expect(problemsOf({ filters: { far: [{ layer: 'roads', beyond_m: 1 }, { layer: 'roads', beyond_m: 2 }] } })).toContain('filters.far names the layer roads more than once');
  });

  it('refuses region and bbox together', () => {
    expect(problemsOf({ region: '30', bbox: '16.8,52.3,17,52.5' })).toMatch(/send region or bbox, not both/);
  });

  it('names an unknown layer and lists the catalogue', () => {
    const text = problemsOf(near('substations'));
    expect(text).toMatch(/filters\.near\[0\]\.layer: substations is not a layer; allowed: parcels, cadastral_units, /);
    expect(text).toContain('power_substations');
    expect(problemsOf({ filters: { exclude: [{ layer: 'natura' }] } })).toMatch(/filters\.exclude\[0\]\.layer: natura is not a layer; allowed: .*env_layers/);
  });

  it('names an unknown kind of the layer and lists its kinds and kind groups', () => {
    const text = problemsOf({ filters: { exclude: [{ layer: 'env_layers', kinds: ['natura2000', 'flood_1pct'] }] } });
    expect(text).toMatch(/filters\.exclude\[0\]\.kinds: flood_1pct is not a kind of env_layers; allowed: natura2000_habitat, .*flood_risk_1pct.*, natura2000, flood_risk/);
    expect(text).not.toMatch(/natura2000 is not/);
    expect(problemsOf(near('services_poi', undefined, ['schools']))).toMatch(/schools is not a kind of services_poi; allowed: school, kindergarten/);
    expect(problemsOf({ filters: { exclude: [{ layer: 'land_cover', kinds: [] }] } })).toMatch(/kinds is empty: omit it to mean every kind of land_cover, or list some of: arable/);
  });

  it('names an unknown where attribute and lists the layer\'s attributes', () => {
    expect(problemsOf(near('power_substations', { voltage_gte: 110 }))).toMatch(
      /filters\.near\[0\]\.where: voltage_gte: voltage is not an attribute of power_substations; its attributes: name, voltage_kv, voltages, operator, osm_id/,
    );
    expect(problemsOf(near('power_substations', { voltage_kv: 110 }))).toMatch(/voltage_kv needs an operator suffix: voltage_kv_gte, voltage_kv_lte, voltage_kv_eq, voltage_kv_in/);
    expect(problemsOf(near('power_substations', { voltage_kv_above: 110 }))).toMatch(/voltage_kv_above is not a condition: write <attribute>_gte, _lte, _eq or _in/);
  });

  it('allows _gte and _lte on numbers and dates only, and says what to use instead', () => {
    expect(problemsOf(near('power_substations', { name_gte: 'A' }))).toMatch(/name_gte is not allowed: _gte works on numbers and dates only and name is string; use name_eq or name_in/);
    expect(problemsOf(near('transport_stops', { wheelchair_in: [true] }))).toMatch(/wheelchair_in is not allowed: .*wheelchair is boolean; use wheelchair_eq/);
    expect(problemsOf(near('planned_roads', { expected_completion_year_lte: 2030, status_in: ['design', 'tender'] }))).toBe('');
    expect(problemsOf(near('grid_capacity', { published_on_gte: '2025-01-01' }))).toBe('');
  });

  it('checks value types: numbers, integers, dates, arrays for _in and scalars for _eq', () => {
    expect(problemsOf(near('power_substations', { voltage_kv_gte: '110' }))).toMatch(/voltage_kv_gte must be a number \(voltage_kv is number\); got "110"/);
    expect(problemsOf(near('buildings', { floors_lte: 2.5 }))).toMatch(/floors_lte must be an integer \(floors is integer\); got 2.5/);
    expect(problemsOf(near('grid_capacity', { published_on_gte: '2025-02-30' }))).toMatch(/published_on_gte must be a date YYYY-MM-DD .*got "2025-02-30"/);
    expect(problemsOf(near('power_substations', { voltage_kv_in: 110 }))).toMatch(/voltage_kv_in must be an array of 1 to 100 values, each a number; got 110/);
    expect(problemsOf(near('power_substations', { voltage_kv_in: [110, 'x'] }))).toMatch(/voltage_kv_in must list values that are each a number .*got "x"/);
    expect(problemsOf(near('power_substations', { voltage_kv_eq: [110] }))).toMatch(/voltage_kv_eq must be a number .*got \[110\]/);
    expect(problemsOf(near('power_substations', { voltage_kv_in: [110, 220] }))).toBe('');
  });

  it('refuses a _gte above the _lte of the same attribute, and area min above max', () => {
    expect(problemsOf(near('power_substations', { voltage_kv_gte: 220, voltage_kv_lte: 110 }))).toMatch(/voltage_kv_gte 220 is greater than voltage_kv_lte 110/);
    expect(problemsOf({ filters: { area_sqm: { min: 5000, max: 1000 } } })).toMatch(/filters\.area_sqm\.min 5000 is greater than filters\.area_sqm\.max 1000/);
    expect(problemsOf({ filters: { area_sqm: { min: 1000, max: 1000 } } })).toBe('');
    expect(problemsOf({ filters: { price_estimate_pln: { min: 300_000, max: 200_000 } } })).toMatch(/filters\.price_estimate_pln\.min 300000 is greater than filters\.price_estimate_pln\.max 200000/);
    expect(problemsOf({ filters: { price_estimate_pln: { max: 200_000 } } })).toBe('');
    expect(problemsOf({ filters: { ownership_groups: { include: ['7', '17'] } } })).toMatch(
      /filters\.ownership_groups\.include: 17 is not an EGiB registration group; allowed: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16/,
    );
    expect(problemsOf({ filters: { ownership_groups: {} } })).toMatch(/must give include or exclude/);
    expect(problemsOf({ filters: { ownership_groups: { include: ['4'], exclude: ['4'] } } })).toMatch(/4 is both included and excluded/);
    expect(problemsOf({ filters: { ownership_groups: { include: ['4', '5'], exclude: ['1'] } } })).toBe('');
  });

  it('names an unknown zoning category and lists the taxonomy; names an unrecognised symbol', () => {
    expect(problemsOf({ filters: { zoning: { categories: ['industrial', 'housing'] } } })).toMatch(
      new RegExp(`filters\\.zoning\\.categories: housing is not a zoning category; allowed: ${ZONING_CATEGORIES.join(', ')}`),
    );
    expect(problemsOf({ filters: { zoning: { symbols: ['12.MN/U', 'P-U', '???'] } } })).toMatch(/filters\.zoning\.symbols: \?\?\? is not a recognised local-plan symbol; use symbols such as MN/);
  });

  it('names an unknown signal and lists the signals; refuses all-zero weights', () => {
    expect(problemsOf({ rank_by: [{ signal: 'solar_yield', weight: 10 }] })).toMatch(
      new RegExp(`rank_by: solar_yield is not a ranking signal; allowed: ${SEARCH_SIGNAL_IDS.join(', ')}`),
    );
    expect(problemsOf({ rank_by: [{ signal: 'area', weight: 0 }, { signal: 'slope_pct', weight: 0 }] })).toMatch(/every weight is 0/);
    expect(problemsOf({ rank_by: [{ signal: 'area', weight: 0 }, { signal: 'slope_pct', weight: 1 }] })).toBe('');
  });

  it('refuses duplicate criteria: a layer twice in near or in exclude, a signal twice', () => {
    const twice: SearchParcelsRequest = {
      filters: {
        near: [
          { layer: 'power_substations', within_m: 1000 },
          { layer: 'power_substations', within_m: 5000, where: { voltage_kv_gte: 110 } },
        ],
        exclude: [{ layer: 'env_layers' }, { layer: 'env_layers', kinds: ['natura2000'] }],
      },
      rank_by: [
        { signal: 'area', weight: 10 },
        { signal: 'area', weight: 20 },
      ],
    };
    const text = problemsOf(twice);
    expect(text).toMatch(/filters\.near names the layer power_substations more than once/);
    expect(text).toMatch(/filters\.exclude names the layer env_layers more than once/);
    expect(text).toMatch(/rank_by names the signal area more than once/);
    // the same layer in near and in exclude are two different criteria
    expect(problemsOf({ filters: { near: [{ layer: 'land_cover', within_m: 0, kinds: ['arable'] }], exclude: [{ layer: 'land_cover', kinds: ['forest'] }] } })).toBe('');
  });

  it('raises one invalid_request listing every problem', () => {
    let error: unknown;
    try {
      assertSearchRequest({ region: '30', bbox: '16,52,17,53', rank_by: [{ signal: 'nope', weight: 1 }] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    expect((error as AppError).message).toMatch(/not both .*; rank_by: nope is not a ranking signal/);
  });

  it('accepts every kind and kind group of every layer, in near and in exclude', () => {
    for (const layer of LAYER_CATALOGUE) {
      const kinds = [...layer.kinds.map((k) => k.id), ...Object.keys(layer.kindGroups ?? {})];
      expect(validateSearchRequest({ filters: { near: [{ layer: layer.id, within_m: 0, kinds }], exclude: [{ layer: layer.id, kinds }] } })).toEqual([]);
    }
  });

  it('accepts a well-typed condition on any attribute of any layer (property)', () => {
    const sample: Record<string, unknown> = { number: 1.5, integer: 3, string: 'x', boolean: true, date: '2024-02-29' };
    const attributes = LAYER_CATALOGUE.flatMap((layer) => layer.attributes.map((attribute) => ({ layer: layer.id, attribute })));
    fc.assert(
      fc.property(fc.constantFrom(...attributes), fc.constantFrom('gte', 'lte', 'eq', 'in'), ({ layer, attribute }, operator) => {
        const ordered = ['number', 'integer', 'date'].includes(attribute.type);
        const allowed = operator === 'eq' || (operator === 'in' ? attribute.type !== 'boolean' : ordered);
        const value = operator === 'in' ? [sample[attribute.type]] : sample[attribute.type];
        const problems = validateSearchRequest(near(layer, { [`${attribute.name}_${operator}`]: value }));
        expect(problems.length === 0).toBe(allowed);
      }),
    );
  });

  it('names any layer id that is not in the catalogue (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((id) => !LAYER_IDS.includes(id)),
        (id) => {
          const problems = validateSearchRequest(near(id));
          expect(problems).toHaveLength(1);
          expect(problems[0]).toContain(`${id} is not a layer; allowed: `);
        },
      ),
    );
  });
});
