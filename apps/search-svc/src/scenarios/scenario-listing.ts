import { criterionLabel, findSearchSignal, nearAnyCriterionId, NO_KOWR_PRE_EMPTION_CRITERION, NOT_CONTAMINATED_CRITERION, type NearFilter, type ScenarioCriterionView, type ScenarioView } from '@lp/contracts';
import { compileRule, type CompiledRule } from './scenario-compiler.js';
import type { CriterionDefinition } from './scenario-criteria.js';
import type { ScenarioDefinition } from './scenario-definition.js';
import { effectiveDefault, scenarioParameters, type ParameterValues } from './scenario-overrides.js';

/** The criterion id a compiled rule shows up under in search coverage. */
function criterionId(rule: CompiledRule): string {
  switch (rule.filter) {
    case 'area_min':
      return 'area';
    case 'slope_max':
      return 'slope';
    case 'zoning':
      return 'zoning';
    case 'vacant':
      return 'vacant';
    case 'land_use':
      return rule.land_use.kinds ? 'land_use' : 'land_use:exclude';
    case 'near':
      return `near:${rule.near.layer}`;
    case 'exclude':
      return `exclude:${rule.exclude.layer}`;
    case 'far':
      return `far:${rule.far.layer}`;
    case 'near_any':
      return nearAnyCriterionId(rule.nearAny.any_of.map((near) => near.layer));
    case 'not_contaminated':
      return NOT_CONTAMINATED_CRITERION;
    case 'no_kowr_pre_emption':
      return NO_KOWR_PRE_EMPTION_CRITERION;
  }
}

function describeNear({ layer, within_m, kinds, where }: NearFilter): string {
  const kindText = kinds ? ` kinds ${kinds.join(', ')}` : '';
  const whereText = where ? ` where ${Object.entries(where).map(([key, value]) => `${key} ${String(value)}`).join(', ')}` : '';
  return `near ${layer}${kindText} within ${within_m} m${whereText}`;
}

/** A compiled rule in words, e.g. `near power_substations within 10000 m where voltage_kv_gte 110`. */
export function describeRule(rule: CompiledRule): string {
  switch (rule.filter) {
    case 'area_min':
      return `area_sqm.min ${rule.min}`;
    case 'slope_max':
      return `slope_pct.max ${rule.max}`;
    case 'zoning':
      return `zoning.categories ${rule.categories.join(', ')}`;
    case 'vacant':
      return `vacant ${rule.value}`;
    case 'land_use':
      return rule.land_use.kinds ? `land_use.kinds ${rule.land_use.kinds.join(', ')}` : `land_use.exclude_kinds ${(rule.land_use.exclude_kinds ?? []).join(', ')}`;
    case 'near':
      return describeNear(rule.near);
    case 'near_any':
      return `near_any of: ${rule.nearAny.any_of.map(describeNear).join(' | ')}`;
    case 'not_contaminated':
      return 'not_contaminated (screens; no layer: reported missing, every result unscreened)';
    case 'no_kowr_pre_emption':
      return "no_kowr_pre_emption (KOWR's statutory pre-emption right, as parcel regulations list it)";
    case 'far': {
      const { layer, kinds, beyond_m } = rule.far;
      return `far ${layer} ${kinds ? `kinds ${kinds.join(', ')}` : 'every kind'} beyond ${beyond_m} m`;
    }
    case 'exclude': {
      const { layer, kinds, buffer_m } = rule.exclude;
      return `exclude ${layer} ${kinds ? `kinds ${kinds.join(', ')}` : 'every kind'} with buffer_m ${buffer_m ?? 0}`;
    }
  }
}

function criterionView(criterion: CriterionDefinition, params: ParameterValues): ScenarioCriterionView {
  const rules = criterion.rules.map((rule) => compileRule(rule, params));
  const view: ScenarioCriterionView = {
    label: criterion.label,
    label_pl: criterionLabel(criterion.label, 'pl'),
    searched_as: rules.length > 0 ? rules.map(describeRule).join('; ') : 'not searched',
    criterion_ids: [...new Set(rules.map(criterionId))],
  };
  if (criterion.note !== undefined) view.note = criterion.note;
  return view;
}

/** What list_scenarios shows of a scenario: effective defaults, and criteria with those values filled in. */
export function scenarioView(scenario: ScenarioDefinition): ScenarioView {
  const specs = scenarioParameters(scenario);
  const defaults: ParameterValues = Object.fromEntries(specs.map((spec) => [spec.id, effectiveDefault(scenario, spec.id)]));
  return {
    id: scenario.id,
    title: scenario.title,
    title_pl: scenario.titlePl,
    description: scenario.description,
    criteria: scenario.criteria.map((criterion) => criterionView(criterion, defaults)),
    parameters: specs.map((spec) => ({
      id: spec.id,
      unit: spec.unit,
      description: spec.description,
      default: defaults[spec.id]!,
      min: spec.min,
      max: spec.max,
      integer: spec.integer,
    })),
    signals: scenario.signals.map(({ signal, weight }) => {
      const definition = findSearchSignal(signal)!;
      return { signal, weight, unit: definition.unit, direction: definition.direction, description: definition.description };
    }),
  };
}
