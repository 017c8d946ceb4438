import { AppError, nearAnyCriterionId, type ScenarioOrigin, type SearchFilters } from '@lp/contracts';
import { listProblems } from '@lp/runtime';
import { findScenario, SCENARIO_IDS } from '../scenarios/scenario-catalogue.js';
import { compileScenario } from '../scenarios/scenario-compiler.js';
import type { ScenarioDefinition } from '../scenarios/scenario-definition.js';
import { effectiveDefault, resolveParameters, scenarioParameters } from '../scenarios/scenario-overrides.js';
import type { ParameterSpec } from '../scenarios/scenario-parameters.js';

/** One scenario parameter moved one step towards more parcels, and the scenario's filters compiled with it. */
export interface ParameterRelaxation {
  parameter: string;
  unit: string;
  from: number;
  to: number;
  /** The criteria whose filters the step changes. */
  criteria: string[];
  filters: SearchFilters;
}

/**
 * One step towards more parcels, kept within the parameter's range: a reach or a maximum half as
 * large again, a minimum or a buffer halved (the same steps as the raw near misses take).
 */
export function relaxedValue(spec: ParameterSpec, value: number): number {
  const raw = spec.stricter === 'lower' ? value * 1.5 : value / 2;
  const clamped = Math.min(spec.max, Math.max(spec.min, raw));
  return spec.integer ? Math.round(clamped) : Math.round(clamped * 10) / 10;
}

/** Key order and class instances aside (a validated request holds class instances), the same JSON value. */
function sameValue(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined).map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Each criterion's own part of the filters, by criterion id: what a parameter step may change. */
function criterionParts(filters: SearchFilters): Map<string, unknown> {
  const parts = new Map<string, unknown>();
  if (filters.area_sqm) parts.set('area', filters.area_sqm);
  if (filters.slope_pct) parts.set('slope', filters.slope_pct);
  for (const near of filters.near ?? []) parts.set(`near:${near.layer}`, near);
  for (const far of filters.far ?? []) parts.set(`far:${far.layer}`, far);
  for (const exclude of filters.exclude ?? []) parts.set(`exclude:${exclude.layer}`, exclude);
  for (const nearAny of filters.near_any ?? []) parts.set(nearAnyCriterionId(nearAny.any_of.map((near) => near.layer)), nearAny);
  return parts;
}

function changedCriteria(before: SearchFilters, after: SearchFilters): string[] {
  const a = criterionParts(before);
  const b = criterionParts(after);
  return [...b.keys()].filter((criterion) => !sameValue(a.get(criterion), b.get(criterion)));
}

/** The request's scenario, checked: a known id and parameters within their ranges (400 otherwise). */
export function scenarioOf(origin: ScenarioOrigin): ScenarioDefinition {
  const scenario = findScenario(origin.id);
  if (!scenario) throw AppError.invalid(`scenario.id must be one of ${SCENARIO_IDS.join(', ')}; got ${JSON.stringify(origin.id).slice(0, 80)}`);
  const { problems } = resolveParameters(scenario, origin.params);
  if (problems.length > 0) throw AppError.invalid(listProblems(problems.map((p) => `scenario.params: ${p}`)));
  return scenario;
}

/**
 * The scenario's parameters relaxed one step each, in the spec's parameter order. Only when the
 * request's filters are exactly those the scenario compiles to (find_sites, a bare scenario query):
 * then the relaxed request is the relaxed scenario, and its count is the scenario's run for real.
 * Filters changed after compiling (a query's own numbers) have no parameter to speak for them.
 */
export function scenarioParameterRelaxations(origin: ScenarioOrigin, filters: SearchFilters): ParameterRelaxation[] {
  const scenario = scenarioOf(origin);
  const overrides = origin.params ?? {};
  const compiled = compileScenario(scenario, { params: overrides }).filters ?? {};
  if (!sameValue(compiled, filters)) return [];
  const out: ParameterRelaxation[] = [];
  for (const spec of scenarioParameters(scenario)) {
    const current = overrides[spec.id];
    const from = typeof current === 'number' ? current : effectiveDefault(scenario, spec.id);
    const to = relaxedValue(spec, from);
    if (to === from) continue;
    const relaxed = compileScenario(scenario, { params: { ...overrides, [spec.id]: to } }).filters ?? {};
    const criteria = changedCriteria(compiled, relaxed);
    // a step the compiled request cannot show (a distance rounded to the same metre) adds nothing to ask about
    if (criteria.length === 0) continue;
    out.push({ parameter: spec.id, unit: spec.unit, from, to, criteria, filters: relaxed });
  }
  return out;
}
