import { OWNERSHIP_GROUP_CRITERION, type CoverageStatus, type SearchCriterion } from '@lp/contracts';
import type { CoverageData, CoverageRule, EvidenceTable, GminaEvidence, ScopeGmina } from './coverage-model.js';
import { gminaNames, listed } from './gmina-names.js';
import { zoningEvidenceScope } from './filter-sql.js';

export type { EvidenceTable, GminaEvidence } from './coverage-model.js';

/** Criteria whose coverage is a property of the parcels that can be proven, not only of the gmina's layers. */
const EVIDENCE_CRITERIA: readonly string[] = ['zoning', 'land_use', 'land_use:exclude', OWNERSHIP_GROUP_CRITERION];

/** The criterion's coverage comes from the index's per-parcel evidence (read it before planning). */
export function needsParcelEvidence(criterion: SearchCriterion): boolean {
  return EVIDENCE_CRITERIA.includes(criterion.criterion);
}

function statusOf(unknown: number, parcels: number): CoverageStatus {
  if (parcels === 0 || unknown >= parcels) return 'missing';
  return unknown === 0 ? 'available' : 'partial';
}

/** Why zoning is unknown where it is, in words: the plans whose zones are missing, then the other gaps. */
function zoningReasons(scope: 'local_plan' | 'any', rows: ReadonlyArray<[ScopeGmina, GminaEvidence | undefined]>, gminas: readonly ScopeGmina[]): string {
  const reasons: string[] = [];
  const plans = [...new Set(rows.flatMap(([, e]) => e?.missing_plans ?? []))].sort();
  if (plans.length > 0) reasons.push(`inside local plans whose zones are not in our data: ${listed(plans.map((p) => `„${p}”`))}`);
  const noBoundaries = rows.filter(([, e]) => e?.plan_boundaries_missing).map(([g]) => g.teryt);
  if (noBoundaries.length > 0) reasons.push(`local-plan boundaries are not in our data in ${gminaNames(gminas, noBoundaries)}`);
  const noGeneralPlan = scope === 'any' ? rows.filter(([, e]) => (e?.zoning_unknown_general ?? 0) > 0).map(([g]) => g.teryt) : [];
  if (noGeneralPlan.length > 0) reasons.push(`outside local plans, the general plan (plan ogólny) is not in our data in ${gminaNames(gminas, noGeneralPlan)}`);
  const noParcels = rows.filter(([, e]) => !e || e.parcels === 0).map(([g]) => g.teryt);
  if (noParcels.length > 0) reasons.push(`no parcels in ${gminaNames(gminas, noParcels)}`);
  return reasons.join('; ');
}

function landUseReasons(rows: ReadonlyArray<[ScopeGmina, GminaEvidence | undefined]>, gminas: readonly ScopeGmina[]): string {
  const gaps = rows.filter(([, e]) => !e || e.parcels === 0 || e.land_use_unknown > 0).map(([g]) => g.teryt);
  return gaps.length > 0 ? `parcels without EGiB land-use classes where land cover is not in our data, or no parcels: ${gminaNames(gminas, gaps)}` : '';
}

/**
 * The coverage rule of a zoning or land-use criterion, from the parcels that can be proven (design
 * SEARCH.md "Zoning evidence"): a gmina is available when every parcel has evidence, missing when
 * none has (a requires criterion then blocks), partial otherwise, and the note names what is missing.
 * Undefined for other criteria.
 */
export function evidenceRule(criterion: SearchCriterion, { gminas, evidence, filters }: CoverageData): CoverageRule | undefined {
  if (!needsParcelEvidence(criterion)) return undefined;
  if (!evidence) throw new Error(`coverage of ${criterion.criterion} needs the index's parcel evidence`);
  if (criterion.criterion === OWNERSHIP_GROUP_CRITERION) return ownershipRule(criterion, gminas, evidence);
  const zoning = criterion.criterion === 'zoning' ? filters.zoning : undefined;
  const scope = zoning ? zoningEvidenceScope(zoning) : undefined;
  const unknownOf = (e: GminaEvidence): number =>
    scope === undefined ? e.land_use_unknown : scope === 'local_plan' ? e.zoning_unknown_local : e.zoning_unknown_local + e.zoning_unknown_general;
  return {
    status: (teryt) => {
      const e = evidence.get(teryt);
      return e ? statusOf(unknownOf(e), e.parcels) : 'missing';
    },
    note: (status) => {
      const rows = gminas.map((g) => [g, evidence.get(g.teryt)] as [ScopeGmina, GminaEvidence | undefined]);
      const parcels = rows.reduce((sum, [, e]) => sum + (e?.parcels ?? 0), 0);
      const unknown = rows.reduce((sum, [, e]) => sum + (e ? unknownOf(e) : 0), 0);
      const what = zoning ? 'Zoning' : 'Land use';
      const why = zoning ? zoningReasons(scope!, rows, gminas) : landUseReasons(rows, gminas);
      const count = `${what} cannot be proven for ${unknown} of the ${parcels} parcels searched (${why})`;
      if (criterion.mode === 'requires') {
        return status === 'missing'
          ? `${count}, so nothing in the searched area can be proven: the search is blocked rather than reporting no match. Tell the user this criterion cannot be checked here.`
          : `${count}; those parcels are unknown, not "no", and are left out of the results.`;
      }
      return status === 'missing'
        ? `${count}, so the results were not screened for it; tell the user this was not checked.`
        : `${count}; such results were not screened for it and list it in unscreened.`;
    },
  };
}

/**
 * Ownership (filters.ownership_groups): a gmina is available when every parcel has a registration
 * group, missing when none has (the search is blocked), partial otherwise; a parcel without one is
 * unknown, never returned.
 */
function ownershipRule(criterion: SearchCriterion, gminas: readonly ScopeGmina[], evidence: EvidenceTable): CoverageRule {
  return {
    status: (teryt) => {
      const e = evidence.get(teryt);
      return e ? statusOf(e.ownership_unknown, e.parcels) : 'missing';
    },
    note: (status) => {
      const rows = gminas.map((g) => [g, evidence.get(g.teryt)] as [ScopeGmina, GminaEvidence | undefined]);
      const parcels = rows.reduce((sum, [, e]) => sum + (e?.parcels ?? 0), 0);
      const unknown = rows.reduce((sum, [, e]) => sum + (e ? e.ownership_unknown : 0), 0);
      const gaps = rows.filter(([, e]) => !e || e.parcels === 0 || e.ownership_unknown > 0).map(([g]) => g.teryt);
      const count = `The registration group (ownership) is unknown for ${unknown} of the ${parcels} parcels searched (no land-register data: ${gminaNames(gminas, gaps)})`;
      return status === 'missing'
        ? `${count}, so ${criterion.criterion} cannot be proven anywhere in the searched area: the search is blocked rather than reporting no match. Tell the user ownership cannot be checked here.`
        : `${count}; those parcels are unknown, not "no", and are left out of the results.`;
    },
  };
}
