import { findSearchSignal, RANK_WEIGHT_MAX, RANK_WEIGHT_MIN } from '@lp/contracts';
import type { Amount, FilterRule } from './scenario-criteria.js';
import type { ScenarioDefinition, SignalWeight } from './scenario-definition.js';
import { PARAMETER_IDS, PARAMETERS, type ParameterId, type ParameterSpec } from './scenario-parameters.js';

export type ParameterValues = Readonly<Partial<Record<ParameterId, number>>>;

/** Values with the problems found on the way; the caller reports every problem at once. */
export interface Resolved<T> {
  values: T;
  problems: string[];
}

function amountsOf(rule: FilterRule): Amount[] {
  switch (rule.filter) {
    case 'area_min':
      return [rule.min];
    case 'slope_max':
      return [rule.max];
    case 'near':
      return [rule.within, ...Object.values(rule.where ?? {})];
    case 'exclude':
      return [rule.buffer];
    case 'far':
      return [rule.beyond];
    case 'near_any':
      return rule.alternatives.flatMap(amountsOf);
    default:
      return [];
  }
}

/** The parameters a scenario's criteria refer to, in the order of the spec's parameter table. */
export function scenarioParameters(scenario: ScenarioDefinition): ParameterSpec[] {
  const used = new Set<ParameterId>();
  for (const criterion of scenario.criteria) {
    for (const rule of criterion.rules) for (const amount of amountsOf(rule)) if (typeof amount !== 'number') used.add(amount.param);
  }
  return PARAMETER_IDS.filter((id) => used.has(id)).map((id) => withStatutoryMinimum(PARAMETERS[id], scenario.statutoryMinimums?.[id]));
}

/** The parameter's range for a scenario whose statute sets a floor on it (the wind act's 700 m from homes). */
function withStatutoryMinimum(spec: ParameterSpec, minimum: number | undefined): ParameterSpec {
  return minimum === undefined ? spec : { ...spec, min: Math.max(spec.min, minimum) };
}

/** The scenario's effective default of a parameter (its own override, else the table's). */
export function effectiveDefault(scenario: ScenarioDefinition, id: ParameterId): number {
  const value = scenario.defaults[id] ?? PARAMETERS[id].default;
  if (value === undefined) throw new Error(`scenario ${scenario.id} sets no default for ${id}`);
  return value;
}

function describeRange(spec: ParameterSpec): string {
  return `${spec.min} to ${spec.max} ${spec.unit}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.slice(0, 60);
}

/**
 * Effective parameter values: the scenario's defaults with the caller's overrides. Every unknown
 * name (with the scenario's parameters and ranges) and every value outside its range is a problem.
 */
export function resolveParameters(scenario: ScenarioDefinition, overrides: Readonly<Record<string, unknown>> = {}): Resolved<ParameterValues> {
  const specs = scenarioParameters(scenario);
  const values: Partial<Record<ParameterId, number>> = {};
  for (const spec of specs) values[spec.id] = effectiveDefault(scenario, spec.id);
  const problems: string[] = [];
  const allowed = specs.map((s) => `${s.id} (${describeRange(s)})`).join(', ');
  for (const [name, value] of Object.entries(overrides)) {
    const spec = specs.find((s) => s.id === name);
    if (!spec) {
      problems.push(`params.${name} is not a parameter of ${scenario.id}; its parameters: ${allowed}`);
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      problems.push(`params.${name} must be a number from ${describeRange(spec)}; got ${show(value)}`);
    } else if (value < spec.min || value > spec.max) {
      problems.push(`params.${name} = ${value} is outside its range ${describeRange(spec)}`);
    } else if (spec.integer && !Number.isInteger(value)) {
      problems.push(`params.${name} must be a whole number from ${describeRange(spec)}; got ${value}`);
    } else {
      values[spec.id] = value;
    }
  }
  return { values, problems };
}

/** Effective signal weights in the scenario's order; unknown signals and bad weights are problems. */
export function resolveWeights(scenario: ScenarioDefinition, overrides: Readonly<Record<string, unknown>> = {}): Resolved<SignalWeight[]> {
  const problems: string[] = [];
  const weights = new Map(scenario.signals.map((s) => [s.signal as string, s.weight]));
  const signals = scenario.signals.map((s) => s.signal).join(', ');
  for (const [name, value] of Object.entries(overrides)) {
    if (!weights.has(name)) {
      const known = findSearchSignal(name) ? `${name} is not a ranking signal of ${scenario.id}` : `${name} is not a ranking signal`;
      problems.push(`weights.${known}; its signals: ${signals}`);
    } else if (typeof value !== 'number' || !Number.isInteger(value) || value < RANK_WEIGHT_MIN || value > RANK_WEIGHT_MAX) {
      problems.push(`weights.${name} must be an integer from ${RANK_WEIGHT_MIN} to ${RANK_WEIGHT_MAX}; got ${show(value)}`);
    } else {
      weights.set(name, value);
    }
  }
  return { values: scenario.signals.map((s) => ({ signal: s.signal, weight: weights.get(s.signal)! })), problems };
}
