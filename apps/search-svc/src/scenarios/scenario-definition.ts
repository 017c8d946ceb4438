import type { SearchSignalId } from '@lp/contracts';
import type { CriterionDefinition } from './scenario-criteria.js';
import type { ParameterId } from './scenario-parameters.js';

export interface SignalWeight {
  signal: SearchSignalId;
  weight: number;
}

/** One site-selection scenario as data (spec "Scenarios"). */
export interface ScenarioDefinition {
  id: string;
  title: string;
  titlePl: string;
  description: string;
  /** Hard criteria in the spec's order, the minimum area first. */
  criteria: readonly CriterionDefinition[];
  /** Defaults that differ from the parameter table; min_area_sqm is per scenario in the spec. */
  defaults: Readonly<{ min_area_sqm: number } & Partial<Record<ParameterId, number>>>;
  /**
   * Floors the law sets for this scenario (wind: 700 m from homes): the parameter's range starts
   * there, so no override, listing or near-miss step goes below what the statute allows.
   */
  statutoryMinimums?: Readonly<Partial<Record<ParameterId, number>>>;
  /** Ranking signals with default weights, in the spec's order. */
  signals: readonly SignalWeight[];
}
