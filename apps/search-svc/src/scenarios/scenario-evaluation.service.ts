import { Injectable } from '@nestjs/common';
import { AppError, type EvaluateScenarioRequest, type ScenarioFitView } from '@lp/contracts';
import { listProblems } from '@lp/messaging';
import { ParcelSearchService } from '../engine/parcel-search.service.js';
import { SearchRepository } from '../engine/search.repository.js';
import { buildFilters, compileRule, type CompiledRule } from './scenario-compiler.js';
import { resolveParameters } from './scenario-overrides.js';
import { ScenariosService } from './scenarios.service.js';

type Verdict = 'passes' | 'fails' | 'unverified';

/**
 * The criterion's rules once per alternative of its near_any rules (each replaced by one of its near
 * filters), so each alternative gets its own verdict: a single search over the disjunction would
 * call a parcel near only the alternative without data a failure, where it is unknown.
 */
function alternativeRuleSets(rules: readonly CompiledRule[]): CompiledRule[][] {
  return rules.reduce<CompiledRule[][]>(
    (sets, rule) =>
      rule.filter === 'near_any'
        ? sets.flatMap((set) => rule.nearAny.any_of.map((near): CompiledRule[] => [...set, { filter: 'near', near }]))
        : sets.map((set) => [...set, rule]),
    [[]],
  );
}

/** Three-valued OR: one alternative passing is enough; otherwise one unknown leaves the whole unknown. */
function anyOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('passes')) return 'passes';
  return verdicts.includes('unverified') ? 'unverified' : 'fails';
}

/**
 * Does one parcel meet a scenario's hard criteria (report scenario_fit, compare_parcels)? Each
 * criterion is compiled on its own and run through the search engine restricted to the parcel, so
 * a fit says exactly what a search would: a criterion whose data is missing at the parcel, or that
 * no filter can express, is unverified, never passed or failed.
 */
@Injectable()
export class ScenarioEvaluationService {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly engine: ParcelSearchService,
    private readonly repository: SearchRepository,
  ) {}

  async evaluate(request: EvaluateScenarioRequest): Promise<ScenarioFitView> {
    const scenario = this.scenarios.find(request.scenario);
    const params = resolveParameters(scenario, request.params);
    if (params.problems.length > 0) throw AppError.invalid(listProblems(params.problems));
    const teryt = await this.repository.parcelGmina(request.parcel_id);
    if (teryt === null) throw AppError.notFound(`No parcel has the id ${request.parcel_id}.`);

    const failed: string[] = [];
    const unverified: string[] = [];
    for (const criterion of scenario.criteria) {
      const verdict = criterion.rules.length === 0 ? 'unverified' : await this.criterionVerdict(criterion.rules.map((rule) => compileRule(rule, params.values)), teryt, request.parcel_id);
      if (verdict === 'fails') failed.push(criterion.label);
      if (verdict === 'unverified') unverified.push(criterion.label);
    }
    return { scenario: scenario.id, passes: failed.length === 0 && unverified.length === 0, failed_criteria: failed, unverified_criteria: unverified };
  }

  private async criterionVerdict(rules: readonly CompiledRule[], teryt: string, parcelId: string): Promise<Verdict> {
    const verdicts: Verdict[] = [];
    for (const set of alternativeRuleSets(rules)) {
      const verdict = await this.verdict(buildFilters(set), teryt, parcelId);
      if (verdict === 'passes') return verdict;
      verdicts.push(verdict);
    }
    return anyOf(verdicts);
  }

  private async verdict(filters: ReturnType<typeof buildFilters>, teryt: string, parcelId: string): Promise<Verdict> {
    const response = await this.engine.search({ region: teryt, filters, limit: 1 }, { parcelIds: [parcelId] });
    if (response.blocked) return 'unverified';
    const [result] = response.results;
    if (!result) return 'fails';
    return result.unscreened && result.unscreened.length > 0 ? 'unverified' : 'passes';
  }
}
