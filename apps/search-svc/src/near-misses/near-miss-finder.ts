import { Logger } from '@nestjs/common';
import { pgCode } from '@lp/db';
import { currentDeadlineMs, currentRequestContext, runWithRequestContext } from '@lp/runtime';
import {
  AppError,
  NEAR_MISSES_BELOW,
  ONE_AWAY_PER_CRITERION,
  type NearMissesView,
  type OneAwayParcelView,
  type ParameterRelaxationView,
  type RelaxationView,
  type SearchParcelsRequest,
} from '@lp/contracts';
import type { ExplainedResult, ParcelSearchResponse } from '../engine/search-results.js';
import { failableCriteria, stepRelaxations, type FailableCriterion } from './near-miss-relaxations.js';
import { scenarioParameterRelaxations } from './scenario-parameter-relaxations.js';

/** The engine's search, as near misses call it: the same request with other filters, or only the parcels failing one criterion. */
export type SearchFn = (request: SearchParcelsRequest, options?: { failing?: string }) => Promise<ParcelSearchResponse>;

/**
 * Time near misses may add to an answer. Each relaxation is a search of its own; past this, the rest
 * are listed as not evaluated rather than left out silently.
 */
export const NEAR_MISS_BUDGET_MS = 4_000;

/** Time kept for the answer itself after near misses, when the request has a deadline. */
const REPLY_RESERVE_MS = 1_000;

/** A near-miss search stopped by its own deadline (refused before it started, or cancelled in PostgreSQL). */
function timedOut(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'upstream_timeout';
  return pgCode(error) === '57014';
}

/** The parcel's own value for the criterion it fails, where the search measured one. */
function measuredValue(result: ExplainedResult, criterion: string): number | string | undefined {
  if (criterion === 'area') return result.area_sqm;
  if (criterion === 'slope') return result.facts?.slope_pct;
  if (criterion === 'zoning') return result.facts?.zoning_category ?? result.facts?.zoning_symbol;
  return result.facts?.near_m?.[criterion];
}

function oneAway(result: ExplainedResult, failable: FailableCriterion): OneAwayParcelView {
  const view: OneAwayParcelView = { parcel_id: result.parcel_id, gmina: result.gmina, teryt: result.teryt, area_sqm: result.area_sqm, criterion: failable.criterion };
  if (failable.parameter !== undefined) view.parameter = failable.parameter;
  if (failable.limit !== undefined) view.limit = failable.limit;
  const value = measuredValue(result, failable.criterion);
  if (value !== undefined) view.value = value;
  return view;
}

/**
 * "What would it take" (issue: near misses): every count is the matched count of the relaxed search
 * run for real, and every one-away parcel comes from a search that proves it fails that criterion
 * (its data known) and passes all the others.
 */
export class NearMissFinder {
  private readonly logger = new Logger('NearMisses');

  constructor(
    private readonly search: SearchFn,
    private readonly budgetMs = NEAR_MISS_BUDGET_MS,
  ) {}

  async find(request: SearchParcelsRequest, response: ParcelSearchResponse): Promise<NearMissesView | undefined> {
    // blocked: a criterion has no data, so no relaxation can be proven; plenty of results: nothing to advise
    if (response.blocked || response.matched >= NEAR_MISSES_BELOW) return undefined;
    const filters = request.filters ?? {};
    // near misses never cost the answer: their statements get a deadline of their own, inside the request's
    const deadline = Math.min(Date.now() + this.budgetMs, (currentDeadlineMs() ?? Infinity) - REPLY_RESERVE_MS);
    const context = { requestId: currentRequestContext()?.requestId ?? 'near-misses', deadlineMs: deadline, signal: currentRequestContext()?.signal };
    const bounded = async (run: () => Promise<ParcelSearchResponse>): Promise<ParcelSearchResponse | undefined> => {
      if (Date.now() >= deadline) return undefined;
      try {
        return await runWithRequestContext(context, run);
      } catch (error) {
        // advice must not cost the answer; a fault is logged, the advice it stopped is named as not evaluated
        if (!timedOut(error)) this.logger.error(`near-miss search failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return undefined;
      }
    };
    const notEvaluated: string[] = [];
    // a criterion without data where searched can be neither relaxed nor failed, only unknown
    const known = new Set(response.coverage.filter((c) => c.status !== 'missing').map((c) => c.criterion));
    const relaxations: RelaxationView[] = [];
    for (const relaxation of stepRelaxations(filters).filter((r) => known.has(r.criterion))) {
      const relaxed = await bounded(() => this.search({ ...request, filters: relaxation.filters, limit: 1 }));
      if (!relaxed) {
        notEvaluated.push(`${relaxation.parameter} ${relaxation.from} → ${relaxation.to}`);
        continue;
      }
      const { criterion, parameter, from, to } = relaxation;
      relaxations.push({ criterion, parameter, from, to, matched: relaxed.matched, added: relaxed.matched - response.matched });
    }
    // the same advice in the scenario's own parameters, each step the relaxed scenario run for real
    const parameters: ParameterRelaxationView[] = [];
    const steps = request.scenario ? scenarioParameterRelaxations(request.scenario, filters) : [];
    for (const step of steps.filter((s) => s.criteria.every((criterion) => known.has(criterion)))) {
      const relaxed = await bounded(() => this.search({ ...request, filters: step.filters, limit: 1 }));
      if (!relaxed) {
        notEvaluated.push(`${step.parameter} ${step.from} → ${step.to}`);
        continue;
      }
      const { parameter, unit, from, to, criteria } = step;
      parameters.push({ parameter, unit, from, to, criteria, matched: relaxed.matched, added: relaxed.matched - response.matched });
    }
    const oneAwayParcels: OneAwayParcelView[] = [];
    for (const failable of failableCriteria(filters)) {
      if (!known.has(failable.criterion)) continue;
      // the closest misses first where a signal measures the criterion, else the request's own order
      const order = failable.closestFirst ? { rank_by: [failable.closestFirst] } : {};
      const failing = await bounded(() => this.search({ ...request, ...order, limit: ONE_AWAY_PER_CRITERION }, { failing: failable.criterion }));
      if (!failing) {
        notEvaluated.push(failable.criterion);
        continue;
      }
      oneAwayParcels.push(...failing.results.map((result) => oneAway(result, failable)));
    }
    return {
      relaxations,
      one_away: oneAwayParcels,
      ...(request.scenario ? { scenario_parameters: parameters } : {}),
      ...(notEvaluated.length > 0 ? { not_evaluated: notEvaluated } : {}),
    };
  }
}
