import { describe, expect, it } from '@jest/globals';
import { assertSearchRequest, SearchParcelsRequest, type SearchFilters } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import fc from 'fast-check';
import { SCENARIOS } from './scenario-catalogue.js';
import { compileScenario } from './scenario-compiler.js';
import type { ScenarioDefinition } from './scenario-definition.js';
import { scenarioParameters } from './scenario-overrides.js';
import type { ParameterSpec } from './scenario-parameters.js';

/** Any value a parameter accepts. */
function inRange(spec: ParameterSpec): fc.Arbitrary<number> {
  return spec.integer ? fc.integer({ min: spec.min, max: spec.max }) : fc.double({ min: spec.min, max: spec.max, noNaN: true, noDefaultInfinity: true });
}

/** A scenario with any subset of its parameters and weights overridden within range. */
const overridden = fc.constantFrom(...SCENARIOS).chain((scenario) =>
  fc.record({
    scenario: fc.constant(scenario),
    params: fc.record(Object.fromEntries(scenarioParameters(scenario).map((spec) => [spec.id, inRange(spec)])), { requiredKeys: [] }),
    weights: fc.record(Object.fromEntries(scenario.signals.map((s) => [s.signal, fc.integer({ min: 0, max: 100 })])), { requiredKeys: [] }),
  }),
);

/**
 * True when every parcel that passes `a` also passes `b`, judged filter by filter: a larger
 * minimum, a smaller maximum or reach, a larger exclusion buffer, a larger _gte or smaller _lte.
 */
function atLeastAsStrict(a: SearchFilters, b: SearchFilters): boolean {
  if ((a.area_sqm?.min ?? 0) < (b.area_sqm?.min ?? 0)) return false;
  if ((a.slope_pct?.max ?? Infinity) > (b.slope_pct?.max ?? Infinity)) return false;
  for (const nearB of b.near ?? []) {
    const nearA = a.near?.find((n) => n.layer === nearB.layer);
    if (!nearA || nearA.within_m > nearB.within_m) return false;
    for (const [key, valueB] of Object.entries(nearB.where ?? {})) {
      const valueA = nearA.where?.[key] as number | undefined;
      if (valueA === undefined) return false;
      if (key.endsWith('_gte') && valueA < (valueB as number)) return false;
      if (key.endsWith('_lte') && valueA > (valueB as number)) return false;
    }
  }
  for (const excludeB of b.exclude ?? []) {
    const excludeA = a.exclude?.find((e) => e.layer === excludeB.layer);
    if (!excludeA || (excludeA.buffer_m ?? 0) < (excludeB.buffer_m ?? 0)) return false;
  }
  return true;
}

describe('compileScenario (properties)', () => {
  it('judges strictness both ways (the comparison is not vacuous)', () => {
    const bess = SCENARIOS.find((s) => s.id === 'bess_storage')!;
    const near = compileScenario(bess, { params: { substation_km: 5 } }).filters!;
    const far = compileScenario(bess, { params: { substation_km: 10 } }).filters!;
    expect(atLeastAsStrict(near, far)).toBe(true);
    expect(atLeastAsStrict(far, near)).toBe(false);
  });

  it('compiles any in-range parameters and weights of any scenario to a valid request', () => {
    fc.assert(
      fc.property(overridden, ({ scenario, params, weights }) => {
        const request = compileScenario(scenario, { params, weights });
        validateMessage(SearchParcelsRequest, JSON.parse(JSON.stringify(request)));
        assertSearchRequest(request);
      }),
      { numRuns: 300 },
    );
  });

  it('never widens the compiled filters when a parameter is narrowed', () => {
    const narrowing = fc.constantFrom(...SCENARIOS).chain((scenario: ScenarioDefinition) =>
      fc.constantFrom(...scenarioParameters(scenario)).chain((spec) =>
        fc.tuple(fc.constant(scenario), fc.constant(spec), inRange(spec), inRange(spec)),
      ),
    );
    fc.assert(
      fc.property(narrowing, ([scenario, spec, x, y]) => {
        const [strict, loose] = (spec.stricter === 'higher') === x >= y ? [x, y] : [y, x];
        const a = compileScenario(scenario, { params: { [spec.id]: strict } }).filters!;
        const b = compileScenario(scenario, { params: { [spec.id]: loose } }).filters!;
        expect(atLeastAsStrict(a, b)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
