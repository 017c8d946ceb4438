import { describe, expect, it } from '@jest/globals';
import { CONSTRAINT_SEVERITIES, type BlockSourceView, type CoverageStatus } from '@lp/contracts';
import fc from 'fast-check';
import { GminaCoverage } from '../layer-coverage.js';
import { CONSTRAINT_LAYERS, CONSTRAINT_RULES, CONSTRAINT_TOPICS } from './constraint-topics.js';
import { CONSTRAINT_KINDS, composeConstraints, type RawConstraintHit } from './constraints.rules.js';

const allAvailable = new GminaCoverage(new Map(CONSTRAINT_LAYERS.map((layer) => [layer, 'available' as CoverageStatus])));
const noSources = new Map<string, BlockSourceView>();

function hit(kind: string, fields: Partial<RawConstraintHit> = {}): RawConstraintHit {
  const rule = CONSTRAINT_RULES.find((r) => r.kind === kind)!;
  return { layer: rule.layer, kind, id: `${kind}-1`, name: null, overlap_pct: 0, distance_m: 40, ...fields };
}

describe('the constraints block', () => {
  it('gives an area overlapping the parcel its kind\'s severity, and an area only within the buffer informational', () => {
    const view = composeConstraints(
      [hit('national_park', { id: 'np', overlap_pct: 100, distance_m: 0 }), hit('flood_risk_1pct', { id: 'flood', overlap_pct: 0, distance_m: 35 })],
      100,
      allAvailable,
      noSources,
    );
    expect(view.items.map(({ id, severity, overlap_pct, distance_m }) => ({ id, severity, overlap_pct, distance_m }))).toEqual([
      { id: 'np', severity: 'blocking', overlap_pct: 100, distance_m: 0 },
      // a special flood hazard area 35 m away does not block building on the parcel
      { id: 'flood', severity: 'informational', overlap_pct: 0, distance_m: 35 },
    ]);
    expect(view.blocking).toBe(true);
    expect(view.buffer_m).toBe(100);
  });

  it('counts an overlap of 0.5 % of the parcel as inside the area and anything less as a shared boundary', () => {
    const [inside] = composeConstraints([hit('nature_reserve', { overlap_pct: 0.5, distance_m: 0 })], 100, allAvailable, noSources).items;
    expect(inside).toMatchObject({ severity: 'blocking', overlap_pct: 0.5, distance_m: 0 });
    const touching = composeConstraints([hit('nature_reserve', { overlap_pct: 0.49, distance_m: 0 })], 100, allAvailable, noSources);
    // a sliver from digitising a shared boundary is neither an overlap nor a blocking constraint
    expect(touching.items[0]).toMatchObject({ severity: 'informational', overlap_pct: 0, distance_m: 0 });
    expect(touching.blocking).toBe(false);
  });

  it('is blocking only through an overlapping blocking area, not through restrictive ones or ones nearby', () => {
    const nearby = composeConstraints([hit('registered_monument', { distance_m: 10 }), hit('natura2000_habitat', { overlap_pct: 80, distance_m: 0 })], 100, allAvailable, noSources);
    expect(nearby.blocking).toBe(false);
    expect(nearby.items.map((i) => i.severity)).toEqual(['restrictive', 'informational']);
  });

  it('keeps wind setbacks informational even when they cover the parcel (the wind scenario judges them)', () => {
    const [setback] = composeConstraints([hit('residential_setback', { overlap_pct: 100, distance_m: 0 })], 100, allAvailable, noSources).items;
    expect(setback).toMatchObject({ topic: 'wind_setback', severity: 'informational', overlap_pct: 100 });
  });

  it('ignores kinds that are no constraint and names an unnamed area by its kind', () => {
    const view = composeConstraints(
      [hit('mining_area', { name: null, overlap_pct: 3, distance_m: 0 }), { layer: 'env_layers', kind: 'bird_watching_tower', id: 'x', name: 'Tower', overlap_pct: 100, distance_m: 0 }],
      100,
      allAvailable,
      noSources,
    );
    expect(view.items).toEqual([{ topic: 'mining', layer: 'mining_areas', kind: 'mining_area', id: 'mining_area-1', name: 'mining area', overlap_pct: 3, distance_m: 0, severity: 'restrictive' }]);
  });

  it('orders by severity, then nearest, then largest overlap, then id', () => {
    const view = composeConstraints(
      [
        hit('mineral_deposit', { id: 'd', overlap_pct: 50, distance_m: 0 }),
        hit('landscape_park', { id: 'c', overlap_pct: 10, distance_m: 0 }),
        hit('landscape_park', { id: 'b', overlap_pct: 60, distance_m: 0 }),
        hit('nature_reserve', { id: 'f', distance_m: 80 }),
        hit('nature_reserve', { id: 'e', distance_m: 20 }),
        hit('flood_risk_10pct', { id: 'a2', overlap_pct: 5, distance_m: 0 }),
        hit('flood_risk_10pct', { id: 'a1', overlap_pct: 5, distance_m: 0 }),
      ],
      100,
      allAvailable,
      noSources,
    );
    expect(view.items.map((i) => i.id)).toEqual(['a1', 'a2', 'b', 'c', 'd', 'e', 'f']);
  });

  it('lists every topic as checked and every constraint layer in coverage, without notes where data is complete', () => {
    const view = composeConstraints([], 100, allAvailable, noSources);
    expect(view).toMatchObject({ blocking: false, items: [] });
    expect(view.topics_checked).toEqual([...CONSTRAINT_TOPICS]);
    expect(view.coverage).toEqual(CONSTRAINT_LAYERS.map((layer) => ({ layer, status: 'available' })));
  });

  it('says that no item is unknown, not none, for a layer missing or partial in the gmina, naming its topics', () => {
    const coverage = new GminaCoverage(
      new Map<string, CoverageStatus>([
        ['env_layers', 'available'],
        ['heritage_sites', 'partial'],
        ['groundwater', 'available'],
        ['mining_areas', 'available'],
        ['wind_exclusion', 'available'],
      ]),
    );
    const view = composeConstraints([], 100, coverage, noSources);
    // an empty list with blocking: false is no clearance where a layer could not be checked
    expect(view.coverage.find((c) => c.layer === 'aviation_obstacles')).toEqual({
      layer: 'aviation_obstacles',
      status: 'missing',
      note: 'aviation_obstacles has no data in this gmina: no item on aviation means unknown here, not none. Tell the user.',
    });
    expect(view.coverage.find((c) => c.layer === 'heritage_sites')).toEqual({
      layer: 'heritage_sites',
      status: 'partial',
      note: 'heritage_sites has only partial data in this gmina: no item on heritage means unknown here, not none. Tell the user.',
    });
    expect(view.coverage.find((c) => c.layer === 'env_layers')).toEqual({ layer: 'env_layers', status: 'available' });
  });

  it('names all topics of a layer that serves several', () => {
    const view = composeConstraints([], 100, new GminaCoverage(new Map()), noSources);
    const env = view.coverage.find((c) => c.layer === 'env_layers')!;
    expect(env.note).toContain('natura2000, national_park, nature_reserve, protected_landscape, flood_risk, wetland');
  });

  it('cites the parcels and the constraint layers it has a version of', () => {
    const source = (layer: string): BlockSourceView => ({ layer, version: 3, source_run_id: `run-${layer}`, refreshed_at: '2026-11-01T00:00:00Z' });
    const sources = new Map([['parcels', source('parcels')], ['env_layers', source('env_layers')], ['roads', source('roads')]]);
    expect(composeConstraints([], 100, allAvailable, sources).sources).toEqual([source('parcels'), source('env_layers')]);
  });

  it('for any hits: severity is the kind\'s only on overlap, blocking means an overlapping blocking area, items sorted', () => {
    const rawHit = fc.record({
      kind: fc.constantFrom(...CONSTRAINT_KINDS),
      id: fc.string({ minLength: 1, maxLength: 4 }),
      name: fc.option(fc.string({ maxLength: 8 })),
      overlap_pct: fc.oneof(fc.constant(0), fc.constant(0.5), fc.double({ min: 0, max: 100, noNaN: true })),
      distance_m: fc.double({ min: 0, max: 5000, noNaN: true }),
    });
    const rank = (severity: string) => CONSTRAINT_SEVERITIES.indexOf(severity as (typeof CONSTRAINT_SEVERITIES)[number]);
    fc.assert(
      fc.property(fc.array(rawHit, { maxLength: 12 }), (hits) => {
        const raw = hits.map((h) => ({ ...h, layer: CONSTRAINT_RULES.find((r) => r.kind === h.kind)!.layer }));
        const view = composeConstraints(raw, 250, allAvailable, noSources);
        expect(view.items).toHaveLength(raw.length);
        for (const item of view.items) {
          const rule = CONSTRAINT_RULES.find((r) => r.layer === item.layer && r.kind === item.kind)!;
          if (item.overlap_pct >= 0.5) expect([item.severity, item.distance_m]).toEqual([rule.severity, 0]);
          else expect([item.severity, item.overlap_pct]).toEqual(['informational', 0]);
        }
        const expectedBlocking = raw.some((h) => h.overlap_pct >= 0.5 && CONSTRAINT_RULES.some((r) => r.layer === h.layer && r.kind === h.kind && r.severity === 'blocking'));
        expect(view.blocking).toBe(expectedBlocking);
        for (let i = 1; i < view.items.length; i++) {
          const [a, b] = [view.items[i - 1]!, view.items[i]!];
          expect(rank(a.severity) < rank(b.severity) || (rank(a.severity) === rank(b.severity) && a.distance_m <= b.distance_m)).toBe(true);
        }
      }),
    );
  });
});
