import type { CoverageStatus, CriterionCoverageView, SearchCriterion } from '@lp/contracts';
import { alternativesNote, alternativesStatus } from './alternative-coverage.js';

export interface ScopeGmina {
  teryt: string;
  name: string;
}

/** Coverage statuses by layer and gmina; a gmina without a row has no data for the layer. */
export type CoverageTable = ReadonlyMap<string, ReadonlyMap<string, CoverageStatus>>;

/** A criterion's coverage over the searched gminas, and which gminas have its data. */
export interface CriterionPlan {
  criterion: SearchCriterion;
  view: CriterionCoverageView;
  /** Gminas of the scope where a layer of the criterion has data (available or partial). */
  covered: string[];
  /** Gminas of the scope without any of its data. */
  uncovered: string[];
}

const RANK: Record<CoverageStatus, number> = { missing: 0, partial: 1, available: 2 };

/**
 * A criterion's status in one gmina: the best of its layers (zoning counts plan ogólny where no local
 * plan is held); for a near_any criterion, available only when every alternative's layer has data.
 */
function gminaStatus(criterion: SearchCriterion, teryt: string, table: CoverageTable): CoverageStatus {
  // named anchors were found before planning: the distance to them is known wherever the parcel lies
  if (criterion.anchors) return 'available';
  if (criterion.anyOf) return alternativesStatus(criterion.layers.map((layer) => table.get(layer)?.get(teryt) ?? 'missing'));
  let best: CoverageStatus = 'missing';
  for (const layer of criterion.layers) {
    const status = table.get(layer)?.get(teryt) ?? 'missing';
    if (RANK[status] > RANK[best]) best = status;
  }
  return best;
}

function overall(statuses: CoverageStatus[]): CoverageStatus {
  if (statuses.length > 0 && statuses.every((s) => s === 'available')) return 'available';
  if (statuses.every((s) => s === 'missing')) return 'missing';
  return 'partial';
}

function someNames(gminas: readonly ScopeGmina[], teryts: readonly string[]): string {
  const names = new Map(gminas.map((g) => [g.teryt, g.name]));
  const shown = teryts.slice(0, 5).map((t) => `${names.get(t) ?? t} (${t})`);
  return teryts.length > shown.length ? `${shown.join(', ')} and ${teryts.length - shown.length} more` : shown.join(', ');
}

function noteFor(
  criterion: SearchCriterion,
  status: CoverageStatus,
  covered: string[],
  uncovered: string[],
  gminas: readonly ScopeGmina[],
  table: CoverageTable,
): string | undefined {
  const layers = criterion.layers.join(' / ');
  const name = criterion.criterion;
  const share = `${covered.length} of ${covered.length + uncovered.length} gminas`;
  if (status === 'available') return undefined;
  if (criterion.noLayerNote !== undefined) return criterion.noLayerNote;
  if (criterion.anyOf && status === 'partial') {
    const statusOf = (layer: string, teryt: string): CoverageStatus => table.get(layer)?.get(teryt) ?? 'missing';
    return alternativesNote(criterion, gminas.map((g) => g.teryt), statusOf, (teryts) => someNames(gminas, teryts));
  }
  if (criterion.mode === 'requires') {
    return status === 'missing'
      ? `${name} must be proven from ${layers}, which has no data in the searched area: the search is blocked rather than reporting no match. Tell the user this criterion cannot be checked here.`
      : `${layers} has data in ${share} of the searched area; parcels elsewhere cannot be proven to meet ${name} and are left out: ${someNames(gminas, uncovered)}.`;
  }
  return status === 'missing'
    ? `${layers} has no data in the searched area, so the results were not screened for ${name}; tell the user this was not checked.`
    : `${layers} has data in ${share} of the searched area; results elsewhere were not screened for ${name} and list it in unscreened: ${someNames(gminas, uncovered)}.`;
}

/**
 * Coverage of every criterion over the searched gminas (design SEARCH.md "Coverage"): available
 * when each gmina has the data, missing when none has, partial otherwise, with a note saying what
 * was left out or left unscreened.
 */
export function planCoverage(criteria: readonly SearchCriterion[], gminas: readonly ScopeGmina[], table: CoverageTable): CriterionPlan[] {
  return criteria.map((criterion) => {
    const statuses = gminas.map((g) => gminaStatus(criterion, g.teryt, table));
    const covered = gminas.filter((_, i) => statuses[i] !== 'missing').map((g) => g.teryt);
    const uncovered = gminas.filter((_, i) => statuses[i] === 'missing').map((g) => g.teryt);
    const status = overall(statuses);
    const note = noteFor(criterion, status, covered, uncovered, gminas, table);
    const view: CriterionCoverageView = { criterion: criterion.criterion, mode: criterion.mode, status };
    if (note !== undefined) view.note = note;
    return { criterion, view, covered, uncovered };
  });
}
