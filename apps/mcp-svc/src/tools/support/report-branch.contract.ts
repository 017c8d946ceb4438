/**
 * The REST contracts of the report and compare endpoints, which are built on branch `report`
 * (libs/contracts/src/parcel/{compare,report} there) and are not on this branch yet. Mirrored here
 * with only the fields the tools read, in this one file, so that after the merge it is replaced by
 * imports from @lp/contracts (or adjusted if the shapes moved) and nothing else changes.
 */

export const COMPARE_PATH = '/v1/parcels/compare';
export const COMPARE_MIN_IDS = 2;
export const COMPARE_MAX_IDS = 20;

export const reportPath = (parcelId: string): string => `/v1/parcels/${encodeURIComponent(parcelId)}/report`;
export const reportLinkPath = (parcelId: string): string => `/v1/parcels/${encodeURIComponent(parcelId)}/report/link`;

export const REPORT_LANGUAGES = ['en', 'pl'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export interface ScenarioFit {
  scenario: string;
  passes: boolean;
  failed_criteria: string[];
  unverified_criteria?: string[];
}

export interface CompareGap {
  column: string;
  reason: 'no_data' | 'partial_data' | 'none_within' | string;
  note: string;
}

/** A row of POST /v1/parcels/compare: an empty cell is absent and explained in gaps. */
export interface ComparisonRow {
  parcel_id: string;
  gmina: string;
  teryt: string;
  area_sqm: number;
  zoning_source: 'local_plan' | 'general_plan' | 'none' | 'unknown' | string;
  zoning_symbol?: string;
  zoning_category?: string;
  blocking_constraints: number;
  restrictive_constraints: number;
  slope_mean_pct?: number;
  elevation_mean_m?: number;
  substation_m?: number;
  transit_stop_m?: number;
  school_m?: number;
  water_m?: number;
  scenario_fit?: ScenarioFit;
  gaps: CompareGap[];
}

export interface BestValue {
  value: number;
  parcel_ids: string[];
}

export interface ParcelComparison {
  scenario?: string;
  rows: ComparisonRow[];
  best: Partial<Record<'area_sqm' | 'blocking_constraints' | 'restrictive_constraints' | 'slope_mean_pct' | 'substation_m' | 'transit_stop_m' | 'school_m' | 'water_m', BestValue>> & {
    scenario_passes?: string[];
  };
  missing: string[];
}

/** GET /v1/parcels/{id}/report (JSON), the fields the tool reads. */
export interface ParcelReport {
  summary: string;
  scenario_fit: ScenarioFit | null;
  market: { median_price_per_sqm_pln?: number | null; comparables?: number };
  coverage_gaps: Array<{ layer: string; status: string; note?: string }>;
}

/** POST /v1/parcels/{id}/report/link (scope reports:create). */
export interface ReportLink {
  url: string;
  expires_at: string;
}
