import type { CoverageStatus, SearchFilters } from '@lp/contracts';

/**
 * The facts a search's coverage is decided from, shared by the rules that decide it (the layers'
 * gmina-level coverage, the index's per-parcel evidence) and the names they report.
 */

export interface ScopeGmina {
  teryt: string;
  name: string;
}

/** Coverage statuses by layer and gmina; a gmina without a row has no data for the layer. */
export type CoverageTable = ReadonlyMap<string, ReadonlyMap<string, CoverageStatus>>;

/** Per gmina, from the search index build: parcels whose zoning or land use cannot be proven. */
export interface GminaEvidence {
  parcels: number;
  /** Inside a local plan whose zones we lack, or where plan boundaries are missing. */
  zoning_unknown_local: number;
  /** Outside every local plan where the gmina's general plan is not in our data. */
  zoning_unknown_general: number;
  plan_boundaries_missing: boolean;
  /** Neither EGiB classes nor land cover. */
  land_use_unknown: number;
  /** Parcels without an EGiB registration group (ownership unknown). */
  ownership_unknown: number;
  /** Names of the local plans covering parcels whose zones we lack. */
  missing_plans: string[];
}

export type EvidenceTable = ReadonlyMap<string, GminaEvidence>;

/** What coverage is decided from: the layers' gmina-level coverage, and the index's per-parcel evidence when a criterion needs it. */
export interface CoverageData {
  gminas: readonly ScopeGmina[];
  table: CoverageTable;
  /** Read only when some criterion is proven per parcel (needsParcelEvidence). */
  evidence?: EvidenceTable;
  filters: SearchFilters;
  /** Per reach (SearchCriterion.reachM) of the criteria: every gmina within it of the searched area, those of the scope included. */
  reach?: ReadonlyMap<number, readonly ScopeGmina[]>;
}

/**
 * How one criterion's coverage is decided: its status in one gmina, and what to tell the user when it
 * is not available over the search. Every criterion has one (coverageRule); planCoverage does the rest.
 */
export interface CoverageRule {
  status(teryt: string): CoverageStatus;
  note(status: 'partial' | 'missing', covered: readonly string[], uncovered: readonly string[]): string;
}
