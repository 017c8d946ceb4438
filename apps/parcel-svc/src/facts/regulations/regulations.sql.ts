import { targetCte, type ParcelSelection } from '../parcel-selection.js';

/** A planning layer whose polygons covering a parcel are listed under `name` in its raw facts. */
export interface OverlappingLayer {
  name: string;
  layer: string;
  /** Attributes listed with each polygon (of the layer's feature `f`) */
  columns: string;
}

export const OVERLAPPING_LAYERS: readonly OverlappingLayer[] = [
  { name: 'plans', layer: 'mpzp_plans', columns: 'f.plan_id, f.plan_name, f.adopted_on, f.legal_status, f.document_url' },
  {
    name: 'zones',
    layer: 'mpzp_zones',
    columns: 'f.plan_id, f.plan_name, f.adopted_on, f.symbol, f.category, f.label, f.max_height_m, f.max_building_coverage_pct, f.min_biologically_active_pct, f.document_url',
  },
  { name: 'plan_ogolny', layer: 'plan_ogolny_zones', columns: 'f.kind, f.status, f.zone_symbol, f.zone_label, f.allows_building, f.adopted_on, f.document_url' },
  { name: 'studium', layer: 'studium_zones', columns: 'f.designation, f.category, f.adopted_on' },
];

/** Polygons of a planning layer covering each parcel, with the share of the parcel they cover. */
function overlapping({ layer, columns }: OverlappingLayer): string {
  return `(SELECT COALESCE(jsonb_agg(o ORDER BY o.overlap_pct DESC, o.id), '[]'::jsonb) FROM (
                SELECT f.id, ${columns},
                       round(least(100 * sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area ELSE ST_Area(ST_Intersection(s.geom, t.geom)) END) / t.area, 100)::numeric, 1) AS overlap_pct
                FROM layer_pub.${layer}_subdivided s
                JOIN layer_pub.${layer} f ON f.fid = s.fid
                WHERE ST_Intersects(s.geom, t.geom)
                GROUP BY f.fid, f.id, ${columns}
              ) o WHERE o.overlap_pct >= 1)`;
}

/**
 * Raw planning facts of each selected parcel: the local-plan boundaries and zones, general-plan
 * zones and study designations covering at least 1 % of it (largest first), and what the
 * pre-emption rules need (land-use classes, area, national-park and forest overlap).
 */
export function regulationsSql(selection: ParcelSelection): string {
  return `WITH ${targetCte(selection)}
       SELECT t.id AS parcel_id, t.teryt,
              jsonb_build_object(
                ${OVERLAPPING_LAYERS.map((layer) => `'${layer.name}', ${overlapping(layer)}`).join(',\n                ')},
                'land_use_classes', t.land_use_classes,
                'area_sqm', t.area_sqm,
                'national_park', EXISTS (SELECT 1 FROM layer_pub.env_layers_subdivided s
                                         WHERE s.kind = 'national_park' AND ST_Intersects(s.geom, t.geom)
                                           AND ST_Area(ST_Intersection(s.geom, t.geom)) >= 0.01 * t.area),
                'forest_pct', (SELECT round(least(100 * COALESCE(sum(ST_Area(ST_Intersection(s.geom, t.geom))), 0) / t.area, 100)::numeric, 1)
                               FROM layer_pub.forest_stands_subdivided s WHERE ST_Intersects(s.geom, t.geom))
              ) AS raw
       FROM t`;
}
