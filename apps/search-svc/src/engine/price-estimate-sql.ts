import { PRICE_ESTIMATE_MIN_COMPARABLES, PRICE_ESTIMATE_SINCE_YEARS, ZONING_CATEGORY_GROUPS, type PriceEstimateFilter } from '@lp/contracts';
import type { SqlParams } from '@lp/db';

/** The derived table of comparables the estimate reads, joined once to the index rows. */
export const PRICE_ESTIMATE_ALIAS = 'pe';

/** The columns a matched row carries for the result's estimate. */
export const PRICE_ESTIMATE_COLUMNS = {
  landType: 'pe_land_type',
  comparables: 'pe_comparables',
  median: 'pe_median',
  p25: 'pe_p25',
  p75: 'pe_p75',
} as const;

/**
 * The first deed date counted: PRICE_ESTIMATE_SINCE_YEARS before the newest land deed the layer
 * holds, so the same data gives the same estimate whatever the day (a window ending today would
 * move every morning).
 */
export function priceEstimateSinceSql(params: SqlParams): string {
  return `((SELECT max(t0.date) FROM layer_pub.transactions t0 WHERE t0.property_type = 'land') - make_interval(years => ${params.add(PRICE_ESTIMATE_SINCE_YEARS, 'int')}))::date`;
}

/**
 * What the parcel `i` would be sold as, in the land types of the transactions: building land where
 * its binding zoning allows building (a local-plan residential or service zone, or a general plan in
 * force that allows it), agricultural where its EGiB classes or land cover say so, other where both
 * are known to be neither. Null where it cannot be proven: zoning unknown (a plan whose zones we lack
 * could allow building) or no land-use evidence; such a parcel has no estimate.
 */
export function parcelLandTypeSql(params: SqlParams): string {
  const buildable = params.add(ZONING_CATEGORY_GROUPS['buildable']!, 'text[]');
  return `CASE
      WHEN (i.zoning_source = 'mpzp' AND i.zoning_category = ANY(${buildable})) OR (i.zoning_source = 'plan_ogolny' AND i.general_plan_allows_building) THEN 'building'
      WHEN i.zoning_source = 'unknown' THEN NULL
      WHEN 'agricultural' = ANY(i.land_use_kinds) THEN 'agricultural'
      WHEN i.land_use_kinds IS NULL THEN NULL
      ELSE 'other' END`;
}

/**
 * The comparables of each gmina and land type: land transactions of the last three years, their count, median
 * and quartiles of the price per m2 (percentile_cont, as the market endpoints compute medians); a
 * group with fewer than PRICE_ESTIMATE_MIN_COMPARABLES is left out, so its parcels have no estimate.
 */
export function comparablesJoinSql(params: SqlParams): string {
  const pe = PRICE_ESTIMATE_ALIAS;
  return `LEFT JOIN (
      SELECT t.teryt, COALESCE(t.land_type, 'other') AS land_type, count(*)::int AS comparables,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS median,
             percentile_cont(0.25) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS p25,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS p75
      FROM layer_pub.transactions t
      WHERE t.property_type = 'land' AND t.date >= ${priceEstimateSinceSql(params)}
      GROUP BY 1, 2
      HAVING count(*) >= ${params.add(PRICE_ESTIMATE_MIN_COMPARABLES, 'int')}) ${pe}
    ON ${pe}.teryt = i.teryt AND ${pe}.land_type = (${parcelLandTypeSql(params)})`;
}

/** The estimate's bounds over the joined comparables: an unknown estimate (no group joined) never passes. */
export function priceEstimatePassesSql(filter: PriceEstimateFilter, params: SqlParams): string {
  const estimate = `(i.area_sqm * ${PRICE_ESTIMATE_ALIAS}.median)`;
  const parts = [`${PRICE_ESTIMATE_ALIAS}.median IS NOT NULL`];
  if (filter.min !== undefined) parts.push(`${estimate} >= ${params.add(filter.min, 'float8')}`);
  if (filter.max !== undefined) parts.push(`${estimate} <= ${params.add(filter.max, 'float8')}`);
  return parts.join(' AND ');
}

/** The select list of the estimate's facts (PRICE_ESTIMATE_COLUMNS). */
export function priceEstimateSelectSql(): string[] {
  const pe = PRICE_ESTIMATE_ALIAS;
  const c = PRICE_ESTIMATE_COLUMNS;
  return [
    `${pe}.land_type AS ${c.landType}`,
    `${pe}.comparables AS ${c.comparables}`,
    `${pe}.median AS ${c.median}`,
    `${pe}.p25 AS ${c.p25}`,
    `${pe}.p75 AS ${c.p75}`,
  ];
}
