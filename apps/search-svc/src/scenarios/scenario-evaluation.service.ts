import { Injectable } from '@nestjs/common';
import { AppError, type EvaluateScenarioRequest, type ScenarioFitView } from '@lp/contracts';
import { listProblems } from '@lp/runtime';
import { ParcelSearchService } from '../engine/parcel-search.service.js';
import { SearchRepository } from '../engine/search.repository.js';
import { buildFilters, compileRule, type CompiledRule } from './scenario-compiler.js';
import { resolveParameters } from './scenario-overrides.js';
import { ScenariosService } from './scenarios.service.js';

type Verdict = 'passes' | 'fails' | 'unverified';

/** Every way to pick one alternative of each near_any criterion (one empty pick without near_any). */
function picks<T>(alternatives: ReadonlyArray<readonly T[]>): T[][] {
  return alternatives.reduce<T[][]>((sets, options) => sets.flatMap((set) => options.map((option) => [...set, option])), [[]]);
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

  /**
   * The criterion's verdict from one statement: each pick of near_any alternatives is judged as if
   * that alternative were searched alone, so a parcel near only an alternative without data is
   * unknown, not a failure (a single search over the disjunction would call it a failure).
   */
  private async criterionVerdict(rules: readonly CompiledRule[], teryt: string, parcelId: string): Promise<Verdict> {
    const judgement = await this.engine.judgeParcel(buildFilters([...rules]), teryt, parcelId);
    if (judgement.blocked) return 'unverified';
    const verdicts = picks(judgement.alternatives).map((pick): Verdict => {
      // that search would be blocked: the alternative's layer has no data at the parcel
      if (pick.some((alternative) => !alternative.hasData)) return 'unverified';
      if (!judgement.found || pick.some((alternative) => !alternative.near)) return 'fails';
      return judgement.unscreened.length > 0 ? 'unverified' : 'passes';
    });
    return anyOf(verdicts);
  }
}
