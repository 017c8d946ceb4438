/** Whether a layer has data in a region: every gmina, some gminas, or none (spec coverage rules). */
export const COVERAGE_STATUSES = ['available', 'partial', 'missing'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];
