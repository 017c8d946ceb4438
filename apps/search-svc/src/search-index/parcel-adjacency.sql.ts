import { ASSEMBLY_MAX_GAP_MAX_M } from '@lp/contracts';

/** How far apart two parcels may be and still be neighbours in the adjacency: the largest `max_gap_m` a request may ask. */
export const ADJACENCY_REACH_M = ASSEMBLY_MAX_GAP_MAX_M;

/**
 * The key of the parcel whose id is the SQL expression `id`: one probe of parcel_keys' primary key
 * (a scalar subquery, null where the parcel has no key yet), never a hash of the whole table.
 */
export function parcelKeyOf(id: string): string {
  return `(SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = ${id})`;
}

/**
 * One gmina's rows of search.parcel_adjacency ($1 the TERYT), set-based: every pair of parcels
 * within ADJACENCY_REACH_M, found through the parcels' spatial index, with the distance between
 * them, stored as the pair of their parcel keys. A pair inside the gmina is written once (ids in
 * byte order); a pair across its border is written here and again by the other gmina's build, so
 * concurrent builds of two neighbouring gminas never write or delete the same row, and the
 * neighbour's outline is the published one (layer_pub), not that gmina's index rows, which may not
 * be built yet. A pair with an end that has no key is not written but its ids are answered
 * (`unkeyed`), so the build can tell and key them: such a pair would otherwise be lost unnoticed.
 *
 * What each pair costs is kept to one distance and no key lookup: the gmina's parcels are keyed once
 * (`a`, a probe of parcel_keys each) and a neighbour inside the gmina takes its key from there by a
 * hash join, so only a neighbour across the border probes parcel_keys (per pair, a probe each end
 * was a third of the statement); the candidates come from the bounding boxes grown by the reach and
 * the distance measured once decides (ST_DWithin and then ST_Distance measured each pair twice).
 */
export const ADJACENCY_BUILD_SQL = `
  WITH a AS MATERIALIZED (
         SELECT p.id, p.teryt, p.geom, ${parcelKeyOf('p.id')} AS key
         FROM layer_pub.parcels p WHERE p.teryt = $1),
       near AS MATERIALIZED (
         SELECT x.a_id, x.b_id, x.teryt, x.gap_m, x.a_key,
                CASE WHEN x.b_teryt = x.teryt THEN inside.key
                     ELSE ${parcelKeyOf('x.b_id')} END AS b_key
         FROM (
           SELECT a.id AS a_id, b.id AS b_id, a.teryt, b.teryt AS b_teryt, a.key AS a_key, ST_Distance(a.geom, b.geom) AS gap_m
           FROM a
           JOIN layer_pub.parcels b ON b.geom && ST_Expand(a.geom, ${ADJACENCY_REACH_M}) AND b.id <> a.id
                                   AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")
           OFFSET 0 -- each distance measured once, not again in the filter
         ) x
         LEFT JOIN a inside ON inside.id = x.b_id
         WHERE x.gap_m <= ${ADJACENCY_REACH_M}),
       written AS (
         INSERT INTO search.parcel_adjacency (parcel_key, neighbour_key, teryt, gap_m)
         SELECT a_key, b_key, teryt, gap_m FROM near WHERE a_key IS NOT NULL AND b_key IS NOT NULL)
  SELECT COALESCE(array_agg(DISTINCT u.id), '{}') AS unkeyed
  FROM near CROSS JOIN LATERAL (VALUES (CASE WHEN a_key IS NULL THEN a_id END), (CASE WHEN b_key IS NULL THEN b_id END)) AS u(id)
  WHERE u.id IS NOT NULL`;

/**
 * Keys for the parcels of these gminas ($1) that have none. Sent on its own, before a build's
 * REPEATABLE READ transaction: inside it, a key another build inserted meanwhile would be a
 * serialization failure. In id order, so two builds keying the same parcels at once wait for each
 * other rather than deadlock.
 */
export const KEY_GMINAS_SQL = `
  INSERT INTO search.parcel_keys (parcel_id)
  SELECT p.id FROM layer_pub.parcels p
  WHERE p.teryt = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM search.parcel_keys k WHERE k.parcel_id = p.id)
  ORDER BY p.id COLLATE "C"
  ON CONFLICT (parcel_id) DO NOTHING`;

/**
 * These gminas ($1) and those whose bounding box comes within $2 metres of theirs: a superset of the
 * gminas within reach, by the outlines' spatial index alone (ST_DWithin of the outlines themselves
 * took seconds a gmina: docs/performance.md), enough to key the neighbours of a batch.
 */
export const GMINAS_AROUND_SQL = `
  SELECT n.id AS teryt FROM layer_pub.admin_bounds g
  JOIN layer_pub.admin_bounds n ON n.kind = 'gmina' AND n.geom && ST_Expand(g.geom, $2::float8)
  WHERE g.kind = 'gmina' AND g.id = ANY($1::text[])
  UNION SELECT unnest($1::text[])`;

/** Keys for these parcel ids ($1, each once) that have none, as KEY_GMINAS_SQL. */
export const KEY_IDS_SQL = `
  INSERT INTO search.parcel_keys (parcel_id)
  SELECT u.id FROM unnest($1::text[]) AS u(id)
  WHERE NOT EXISTS (SELECT 1 FROM search.parcel_keys k WHERE k.parcel_id = u.id)
  ORDER BY u.id COLLATE "C"
  ON CONFLICT (parcel_id) DO NOTHING`;
