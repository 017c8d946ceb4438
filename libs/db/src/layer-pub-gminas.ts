import type { DataSource, EntityManager } from 'typeorm';

type Queryable = Pick<DataSource | EntityManager, 'query'>;

/**
 * Gmina-level questions every read model derived from layer_pub asks (parcel-svc's facts,
 * search-svc's search index): which gminas have parcels to derive from, and which a change in
 * some gminas can reach.
 */

/** Gminas that have parcels, by the parcels layer's coverage. */
export async function gminasWithParcels(db: Queryable): Promise<string[]> {
  const rows: Array<{ teryt: string }> = await db.query(
    `SELECT teryt FROM layer_pub.region_coverage WHERE layer_id = 'parcels' AND level = 'gmina' AND status <> 'missing' ORDER BY teryt`,
  );
  return rows.map((row) => row.teryt);
}

/** Gminas within `distanceM` of any of the given ones, the given ones included, sorted. */
export async function gminasNear(db: Queryable, teryts: readonly string[], distanceM: number): Promise<string[]> {
  if (distanceM <= 0 || teryts.length === 0) return [...new Set(teryts)].sort();
  const rows: Array<{ teryt: string }> = await db.query(
    `SELECT DISTINCT n.id AS teryt
     FROM layer_pub.admin_bounds g
     JOIN layer_pub.admin_bounds n ON n.kind = 'gmina' AND ST_DWithin(n.geom, g.geom, $2)
     WHERE g.kind = 'gmina' AND g.id = ANY($1::text[])`,
    [teryts, distanceM],
  );
  return [...new Set([...teryts, ...rows.map((row) => row.teryt)])].sort();
}
