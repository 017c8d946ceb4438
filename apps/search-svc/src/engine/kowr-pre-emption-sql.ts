import { KOWR_AGRICULTURAL_CLASS_PATTERN, KOWR_PLAN_CATEGORY_KEEPING_RIGHT, KOWR_PRE_EMPTION_MIN_SQM } from '@lp/contracts';
import type { SqlParams } from '@lp/db';

/**
 * "A sale of the parcel `i` triggers KOWR's statutory pre-emption right", on the raw layers by the
 * rule of libs/contracts (kowrPreEmptionApplies) and with the facts parcel detail reads for it
 * (parcel-svc regulations.sql.ts): the parcel's EGiB classes and area, and the category of the
 * local-plan zone covering the largest share (at least 1 %, ties by zone id) where the gmina's
 * plan zones are not missing. A plan whose zones we lack leaves the right in place, as detail says.
 */
export function kowrPreEmptionSql(params: SqlParams): string {
  const dominantZone = `(SELECT o.category FROM (
      SELECT f.id, f.category,
             round(least(100 * sum(CASE WHEN ST_CoveredBy(k.geom, s.geom) THEN greatest(ST_Area(k.geom), 1) ELSE ST_Area(ST_Intersection(s.geom, k.geom)) END)
                         / greatest(ST_Area(k.geom), 1), 100)::numeric, 1) AS overlap_pct
      FROM layer_pub.mpzp_zones_subdivided s JOIN layer_pub.mpzp_zones f ON f.fid = s.fid
      WHERE ST_Intersects(s.geom, k.geom)
      GROUP BY f.fid, f.id, f.category) o
    WHERE o.overlap_pct >= 1 ORDER BY o.overlap_pct DESC, o.id LIMIT 1)`;
  const zonesHeld = `EXISTS (SELECT 1 FROM layer_pub.region_coverage rc WHERE rc.level = 'gmina' AND rc.layer_id = 'mpzp_zones' AND rc.teryt = k.teryt AND rc.status <> 'missing')`;
  return `EXISTS (SELECT 1 FROM layer_pub.parcels k
    WHERE k.id = i.parcel_id AND k.area_sqm >= ${params.add(KOWR_PRE_EMPTION_MIN_SQM, 'float8')}
      AND EXISTS (SELECT 1 FROM unnest(string_to_array(k.land_use_classes, ',')) c(class) WHERE btrim(c.class) ~ ${params.add(KOWR_AGRICULTURAL_CLASS_PATTERN)})
      AND NOT COALESCE(${zonesHeld} AND ${dominantZone} <> ${params.add(KOWR_PLAN_CATEGORY_KEEPING_RIGHT)}, false))`;
}
