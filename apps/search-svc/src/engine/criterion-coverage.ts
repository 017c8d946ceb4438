import type { CoverageStatus, CriterionCoverageView, SearchCriterion } from '@lp/contracts';
import { gminaNames } from './gmina-names.js';
import type { CoverageData, CoverageRule, CoverageTable } from './coverage-model.js';
import { evidenceRule } from './zoning-evidence-coverage.js';

export type { CoverageData, CoverageRule, CoverageTable, ScopeGmina } from './coverage-model.js';

/** A criterion's coverage over the searched gminas, and which gminas have its data. */
export interface CriterionPlan {
  criterion: SearchCriterion;
  view: CriterionCoverageView;
  /** Gminas of the scope where the criterion has data (available or partial). */
  covered: string[];
  /** Gminas of the scope without any of its data. */
  uncovered: string[];
  /**
   * A criterion with a reach (SearchCriterion.reachM) where some gmina within that reach of the
   * searched area has none of its data: a parcel within `reachM` of one of `gminas` cannot be
   * checked (a requires criterion leaves it out, a screening one lists it in unscreened).
   */
  reachGap?: ReachGap;
}

export interface ReachGap {
  reachM: number;
  gminas: string[];
}

const RANK: Record<CoverageStatus, number> = { missing: 0, partial: 1, available: 2 };

/** Statuses taken together (the gminas of a search, or the alternatives of near_any in one gmina): available when all are, missing when none has data. */
export function combinedStatus(statuses: readonly CoverageStatus[]): CoverageStatus {
  if (statuses.length > 0 && statuses.every((s) => s === 'available')) return 'available';
  if (statuses.every((s) => s === 'missing')) return 'missing';
  return 'partial';
}

function layerStatus(table: CoverageTable, layer: string, teryt: string): CoverageStatus {
  return table.get(layer)?.get(teryt) ?? 'missing';
}

/** The usual rule: a gmina's status is the best of the criterion's layers (zoning counts plan ogólny where no local plan is held). */
function layersRule(criterion: SearchCriterion, { gminas, table }: CoverageData): CoverageRule {
  const layers = criterion.layers.join(' / ');
  const name = criterion.criterion;
  return {
    status: (teryt) => criterion.layers.map((layer) => layerStatus(table, layer, teryt)).reduce<CoverageStatus>((best, s) => (RANK[s] > RANK[best] ? s : best), 'missing'),
    note: (status, covered, uncovered) => {
      const share = `${covered.length} of ${covered.length + uncovered.length} gminas`;
      if (criterion.mode === 'requires') {
        return status === 'missing'
          ? `${name} must be proven from ${layers}, which has no data in the searched area: the search is blocked rather than reporting no match. Tell the user this criterion cannot be checked here.`
          : `${layers} has data in ${share} of the searched area; parcels elsewhere cannot be proven to meet ${name} and are left out: ${gminaNames(gminas, uncovered)}.`;
      }
      return status === 'missing'
        ? `${layers} has no data in the searched area, so the results were not screened for ${name}; tell the user this was not checked.`
        : `${layers} has data in ${share} of the searched area; results elsewhere were not screened for ${name} and list it in unscreened: ${gminaNames(gminas, uncovered)}.`;
    },
  };
}

/**
 * near_any ("near a planned or trunk road"): a parcel near an alternative whose layer has data is
 * proven; one near only an alternative without data cannot be found. So a gmina is available when
 * every alternative has full data, missing when none has any, partial otherwise (results there come
 * only from the alternatives with data), and the note says which alternative lacks data where.
 */
function alternativesRule(criterion: SearchCriterion, data: CoverageData): CoverageRule {
  const { gminas, table } = data;
  const usual = layersRule(criterion, data);
  return {
    status: (teryt) => combinedStatus(criterion.layers.map((layer) => layerStatus(table, layer, teryt))),
    note: (status, covered, uncovered) => {
      if (status === 'missing') return usual.note(status, covered, uncovered);
      const gaps = criterion.layers.flatMap((layer) => {
        const lacking = gminas.filter((g) => layerStatus(table, layer, g.teryt) !== 'available').map((g) => g.teryt);
        return lacking.length === 0 ? [] : [`${layer} lacks full data in ${lacking.length} of ${gminas.length} gminas (${gminaNames(gminas, lacking)})`];
      });
      return (
        `${criterion.criterion} is met by any of ${criterion.layers.join(', ')}; ${gaps.join('; ')}. There only the other alternatives were checked, ` +
        'so a parcel near only the missing one is not returned; tell the user this criterion was not fully checked.'
      );
    },
  };
}

/** Which rule decides a criterion's coverage (design SEARCH.md "Coverage", "Zoning evidence"). */
export function coverageRule(criterion: SearchCriterion, data: CoverageData): CoverageRule {
  const { noLayerNote } = criterion;
  // no layer can check it (not_contaminated): missing everywhere, with its own note
  if (noLayerNote !== undefined) return { status: () => 'missing', note: () => noLayerNote };
  // named anchors were found before planning: the distance to them is known wherever the parcel lies
  if (criterion.anchors) return { ...layersRule(criterion, data), status: () => 'available' };
  if (criterion.anyOf) return alternativesRule(criterion, data);
  return evidenceRule(criterion, data) ?? layersRule(criterion, data);
}

/**
 * Coverage of every criterion over the searched gminas: each gmina's status by the criterion's rule;
 * available when each gmina has the data, missing when none has, partial otherwise, with a note
 * saying what was left out or left unscreened.
 */
export function planCoverage(criteria: readonly SearchCriterion[], data: CoverageData): CriterionPlan[] {
  return criteria.map((criterion) => {
    const rule = coverageRule(criterion, data);
    const statuses = data.gminas.map((g) => rule.status(g.teryt));
    const covered = data.gminas.filter((_, i) => statuses[i] !== 'missing').map((g) => g.teryt);
    const uncovered = data.gminas.filter((_, i) => statuses[i] === 'missing').map((g) => g.teryt);
    const scopeStatus = combinedStatus(statuses);
    const reach = scopeStatus === 'missing' ? undefined : reachOf(criterion, rule, data);
    const status = reach && reach.lacking.length > 0 ? 'partial' : scopeStatus;
    const view: CriterionCoverageView = { criterion: criterion.criterion, mode: criterion.mode, status };
    const notes = [scopeStatus === 'available' ? undefined : rule.note(scopeStatus, covered, uncovered), reach?.note].filter((n) => n !== undefined);
    if (notes.length > 0) view.note = notes.join(' ');
    const plan: CriterionPlan = { criterion, view, covered, uncovered };
    if (reach && reach.gap.gminas.length > 0) plan.reachGap = reach.gap;
    return plan;
  });
}

/**
 * What the data around the searched area leaves unknown for a criterion with a reach: whether some
 * gmina within the reach lacks full data (the criterion is then partial), the gminas with none
 * (a parcel within reach of one cannot be checked), and the note saying so. Gminas of the scope
 * that lack data are already in the scope's status and note; undefined without a reach.
 */
function reachOf(criterion: SearchCriterion, rule: CoverageRule, data: CoverageData): { lacking: string[]; gap: ReachGap; note?: string } | undefined {
  const reachM = criterion.reachM;
  const around = reachM === undefined ? undefined : data.reach?.get(reachM);
  if (reachM === undefined || !around) return undefined;
  const gap: ReachGap = { reachM, gminas: around.filter((g) => rule.status(g.teryt) === 'missing').map((g) => g.teryt) };
  const inScope = new Set(data.gminas.map((g) => g.teryt));
  const lacking = around.filter((g) => rule.status(g.teryt) !== 'available').map((g) => g.teryt);
  const lackingOutside = lacking.filter((t) => !inScope.has(t));
  if (gap.gminas.length === 0 && lackingOutside.length === 0) return { lacking, gap };
  const layers = criterion.layers.join(' / ');
  if (gap.gminas.length === 0) {
    return { lacking, gap, note: `${criterion.criterion} looks ${reachM} m around each parcel, and ${layers} has only partial data in ${lackingOutside.length} gmina(s) within that reach outside the searched area: ${gminaNames(around, lackingOutside)}.` };
  }
  const outside = gap.gminas.filter((t) => !inScope.has(t)).length;
  const what = criterion.mode === 'requires' ? `cannot be proven to meet ${criterion.criterion} and are left out` : `were not screened for ${criterion.criterion} and list it in unscreened`;
  const note =
    `${criterion.criterion} looks ${reachM} m around each parcel, and ${layers} has no data in ${gap.gminas.length} gmina(s) within that reach of the searched area` +
    `${outside > 0 ? ` (${outside} outside it)` : ''}: ${gminaNames(around, gap.gminas)}. Parcels within ${reachM} m of them ${what}; tell the user this criterion was not fully checked.`;
  return { lacking, gap, note };
}
