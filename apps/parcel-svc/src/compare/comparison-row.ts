import type { CompareGapView, ComparisonRowView, ParcelFeatureView, ProximityView, ScenarioFitView } from '@lp/contracts';

/**
 * Distance columns and the proximity kind each is read from. The substation is one of at least
 * 110 kV, as the spec's "near a substation"; an MV transformer station is no grid connection point.
 */
export const DISTANCE_COLUMNS = [
  ['substation_m', 'hv_substation'],
  ['transit_stop_m', 'transit_stop'],
  ['school_m', 'school'],
  ['water_m', 'water'],
] as const;

/**
 * One table row from a parcel feature with its facts blocks embedded. A cell the data cannot
 * fill is left out and explained in `gaps`: unknown is never written as none or zero.
 */
export function comparisonRow(feature: ParcelFeatureView, fit: ScenarioFitView | null | undefined): ComparisonRowView {
  const { regulations, constraints, terrain, proximity } = feature.properties;
  const gaps: CompareGapView[] = [];
  const row: ComparisonRowView = {
    parcel_id: feature.id,
    gmina: feature.properties.gmina,
    teryt: feature.properties.teryt,
    area_sqm: feature.properties.area_sqm,
    zoning_source: 'unknown',
    blocking_constraints: constraints?.items.filter((i) => i.severity === 'blocking').length ?? 0,
    restrictive_constraints: constraints?.items.filter((i) => i.severity === 'restrictive').length ?? 0,
    gaps,
  };

  const mpzp = regulations?.mpzp;
  const general = regulations?.plan_ogolny;
  if (mpzp) Object.assign(row, { zoning_source: 'local_plan', zoning_symbol: mpzp.symbol, zoning_category: mpzp.category });
  // a general plan decides only where it binds (design SEARCH.md "Zoning evidence"), as search counts it
  else if (mpzp === null && general && regulations?.zoning_source === 'plan_ogolny') {
    Object.assign(row, { zoning_source: 'general_plan', zoning_symbol: general.zone_symbol, zoning_category: general.kind });
  } else if (mpzp === null && general === undefined) {
    row.zoning_source = 'unknown';
    gaps.push({ column: 'zoning', reason: 'no_data', note: 'No local plan applies; the general plan of this gmina is not in our data, so zoning is unknown.' });
  } else if (mpzp === null) row.zoning_source = 'none';
  else gaps.push({ column: 'zoning', reason: 'no_data', note: 'Local plan zones are not in our data here: zoning is unknown.' });

  const unchecked = (constraints?.coverage ?? []).filter((c) => c.status !== 'available').map((c) => c.layer);
  if (unchecked.length) {
    const note = `Constraint layers without full data here: ${unchecked.join(', ')}; the counts may be too low.`;
    gaps.push({ column: 'blocking_constraints', reason: 'partial_data', note }, { column: 'restrictive_constraints', reason: 'partial_data', note });
  }

  if (terrain?.slope_mean_pct !== undefined) row.slope_mean_pct = terrain.slope_mean_pct;
  else gaps.push({ column: 'slope_mean_pct', reason: 'no_data', note: 'terrain_stats has no data for this parcel.' });
  if (terrain?.elevation_mean_m !== undefined) row.elevation_mean_m = terrain.elevation_mean_m;
  else gaps.push({ column: 'elevation_mean_m', reason: 'no_data', note: 'terrain_stats has no data for this parcel.' });

  for (const [column, kind] of DISTANCE_COLUMNS) {
    const distance = distanceCell(proximity, kind);
    if (typeof distance === 'number') row[column] = distance;
    else gaps.push({ column, ...distance });
  }
  if (fit) row.scenario_fit = fit;
  else if (fit === null) gaps.push({ column: 'scenario_fit', reason: 'unavailable', note: 'The scenario could not be evaluated now (the scenario service did not answer); ask again later.' });
  return row;
}

function distanceCell(proximity: ProximityView | undefined, kind: string): number | Omit<CompareGapView, 'column'> {
  const item = proximity?.items.find((i) => i.kind === kind);
  if (item) return item.distance_m;
  const notFound = proximity?.not_found.find((n) => n.kind === kind);
  if (notFound) return { reason: 'none_within', note: `Nothing of this kind within ${notFound.searched_within_m} m.` };
  return { reason: 'no_data', note: `The layer of ${kind.replaceAll('_', ' ')} has no data here: the distance is unknown.` };
}
