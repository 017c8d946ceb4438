import { ASSEMBLY_MAX_GAP_MAX_M } from '@lp/contracts';

/** How far apart two parcels may be and still be neighbours in the adjacency: the largest `max_gap_m` a request may ask. */
export const ADJACENCY_REACH_M = ASSEMBLY_MAX_GAP_MAX_M;

/**
 * One gmina's rows of search.parcel_adjacency ($1 the TERYT), set-based: every pair of parcels
 * within ADJACENCY_REACH_M, found through the parcels' spatial index, with the distance between
 * them. A pair inside the gmina is written once (ids in byte order); a pair across its border is
 * written here and again by the other gmina's build, so concurrent builds of two neighbouring
 * gminas never write or delete the same row, and the neighbour's outline is the published one
 * (layer_pub), not that gmina's index rows, which may not be built yet.
 */
export const ADJACENCY_BUILD_SQL = `
  INSERT INTO search.parcel_adjacency (parcel_id, neighbour_id, teryt, gap_m)
  SELECT a.id, b.id, a.teryt, ST_Distance(a.geom, b.geom)
  FROM layer_pub.parcels a
  JOIN layer_pub.parcels b ON ST_DWithin(b.geom, a.geom, ${ADJACENCY_REACH_M}) AND b.id <> a.id
  WHERE a.teryt = $1 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")`;
