import { describe, expect, it } from '@jest/globals';
import { PROXIMITY_KINDS, PROXIMITY_MAX_M, type BlockSourceView, type CoverageStatus } from '@lp/contracts';
import fc from 'fast-check';
import { GminaCoverage } from '../layer-coverage.js';
import { composeProximity, type RawNearest, type RawProximity } from './proximity.rules.js';

const LAYERS = [...new Set(PROXIMITY_KINDS.map((k) => k.layer))];
const coverageOf = (statuses: Record<string, CoverageStatus>, rest: CoverageStatus = 'available') =>
  new GminaCoverage(new Map(LAYERS.map((layer) => [layer, statuses[layer] ?? rest])));
const noSources = new Map<string, BlockSourceView>();

function nearest(distance_m: number, fields: Partial<RawNearest> = {}): RawNearest {
  return { id: 'f1', name: 'Feature', distance_m, feature_kind: 'school', attributes: { public: true }, ...fields };
}

describe('the proximity block', () => {
  it('reports the nearest feature with its layer kind among the attributes', () => {
    const view = composeProximity({ school: nearest(640) }, ['school'], coverageOf({}), noSources);
    expect(view).toEqual({
      items: [{ kind: 'school', layer: 'services_poi', id: 'f1', name: 'Feature', distance_m: 640, attributes: { feature_kind: 'school', public: true } }],
      not_found: [],
      coverage: [{ layer: 'services_poi', status: 'available' }],
      sources: [],
    });
  });

  it('reports a feature exactly at the search limit and calls one beyond it not found within the limit', () => {
    const at = composeProximity({ hydrant: nearest(PROXIMITY_MAX_M) }, ['hydrant'], coverageOf({}), noSources);
    expect(at.items.map((i) => i.distance_m)).toEqual([PROXIMITY_MAX_M]);
    const beyond = composeProximity({ hydrant: nearest(PROXIMITY_MAX_M + 0.1) }, ['hydrant'], coverageOf({}), noSources);
    expect([beyond.items, beyond.not_found]).toEqual([[], [{ kind: 'hydrant', searched_within_m: PROXIMITY_MAX_M }]]);
  });

  it('says "none within 50 km" only where the layer has data in the gmina', () => {
    const view = composeProximity({ ev_charger: null }, ['ev_charger'], coverageOf({}), noSources);
    expect(view.not_found).toEqual([{ kind: 'ev_charger', searched_within_m: PROXIMITY_MAX_M }]);
    expect(view.coverage).toEqual([{ layer: 'ev_chargers', status: 'available' }]);
  });

  it('calls the nearest feature of a layer without data here unknown, not absent', () => {
    for (const status of ['missing', 'partial'] as const) {
      const view = composeProximity({ data_center: null }, ['data_center'], coverageOf({ data_centers: status }), noSources);
      expect(view.items).toEqual([]);
      expect(view.not_found).toEqual([]);
      expect(view.coverage).toEqual([
        {
          layer: 'data_centers',
          status,
          note: `data_centers has ${status === 'missing' ? 'no' : 'partial'} data in this gmina: the nearest data centre (data_center) is unknown, not absent. Tell the user.`,
        },
      ]);
    }
  });

  it('does not turn a feature beyond the limit into "not found" where the layer lacks data', () => {
    const view = composeProximity({ hydrant: nearest(PROXIMITY_MAX_M + 1) }, ['hydrant'], coverageOf({ hydrants: 'partial' }), noSources);
    expect(view.not_found).toEqual([]);
    expect(view.coverage[0]).toMatchObject({ layer: 'hydrants', status: 'partial', note: expect.stringContaining('unknown, not absent') });
  });

  it('reports a feature found despite missing data, warning that a nearer one may exist', () => {
    const view = composeProximity({ grid_capacity: nearest(7000, { feature_kind: 'gpz' }) }, ['grid_capacity'], coverageOf({ grid_capacity: 'partial' }), noSources);
    expect(view.items.map((i) => i.distance_m)).toEqual([7000]);
    expect(view.coverage).toEqual([
      {
        layer: 'grid_capacity',
        status: 'partial',
        note: 'grid_capacity has partial data in this gmina: the grid node with published connection capacity reported for grid_capacity is the nearest we know of, a nearer one may exist.',
      },
    ]);
  });

  it('keeps the caveat of every kind of a layer lacking data, not only of the last one', () => {
    const view = composeProximity({ power_substation: nearest(3000), hv_substation: null }, ['power_substation', 'hv_substation'], coverageOf({ power_substations: 'partial' }), noSources);
    expect(view.items.map((i) => i.kind)).toEqual(['power_substation']);
    expect(view.coverage).toHaveLength(1);
    // the substation reported may not be the nearest, and the nearest one of 110 kV is unknown: both are said
    expect(view.coverage[0]!.note).toContain('the substation of any voltage reported for power_substation is the nearest we know of, a nearer one may exist');
    expect(view.coverage[0]!.note).toContain('the nearest substation of at least 110 kV (hv_substation) is unknown, not absent');
  });

  it('answers only the kinds asked for, in catalogue order, with one coverage entry per layer', () => {
    const view = composeProximity({ shop: nearest(50), school: nearest(300), hv_line: nearest(900) }, ['shop', 'school', 'nope'], coverageOf({}), noSources);
    expect(view.items.map((i) => i.kind)).toEqual(['school', 'shop']);
    expect(view.coverage).toEqual([{ layer: 'services_poi', status: 'available' }]);
  });

  it('answers every kind when none is named', () => {
    const view = composeProximity({}, undefined, coverageOf({}), noSources);
    expect(view.not_found.map((n) => n.kind)).toEqual(PROXIMITY_KINDS.map((k) => k.id));
    expect(view.coverage.map((c) => c.layer)).toEqual(LAYERS);
  });

  it('for any findings and coverage: each kind is an item, "not found" on a layer with data, or unknown in coverage', () => {
    const status = fc.constantFrom<CoverageStatus>('available', 'partial', 'missing');
    const finding = fc.option(fc.double({ min: 0, max: PROXIMITY_MAX_M * 2, noNaN: true }));
    const kindIds = PROXIMITY_KINDS.map((k) => k.id);
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(LAYERS.map((l) => [l, status]))),
        fc.record(Object.fromEntries(kindIds.map((k) => [k, finding]))),
        fc.option(fc.subarray(kindIds, { minLength: 1 })),
        (statuses, found, asked) => {
          const raw: RawProximity = Object.fromEntries(Object.entries(found).map(([k, d]) => [k, d === null ? null : nearest(d as number)]));
          const view = composeProximity(raw, asked ?? undefined, new GminaCoverage(new Map(Object.entries(statuses))), noSources);
          for (const kind of PROXIMITY_KINDS.filter((k) => (asked ?? kindIds).includes(k.id))) {
            const layerStatus = statuses[kind.layer];
            const distance = found[kind.id] as number | null;
            const item = view.items.find((i) => i.kind === kind.id);
            const notFound = view.not_found.find((n) => n.kind === kind.id);
            const coverage = view.coverage.filter((c) => c.layer === kind.layer);
            expect(coverage).toHaveLength(1);
            expect(coverage[0]!.status).toBe(layerStatus);
            if (distance !== null && distance <= PROXIMITY_MAX_M) expect([item?.distance_m, notFound]).toEqual([distance, undefined]);
            else if (layerStatus === 'available') expect([item, notFound]).toEqual([undefined, { kind: kind.id, searched_within_m: PROXIMITY_MAX_M }]);
            else expect([item, notFound, typeof coverage[0]!.note]).toEqual([undefined, undefined, 'string']);
            // never a distance of zero or null standing in for an unknown one
            if (item) expect(typeof item.distance_m).toBe('number');
          }
        },
      ),
    );
  });
});
