import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site assembly's neighbour graph, so no request clusters outlines: per parcel, the parcels within
 * the largest gap a
 * request may allow (50 m) and the gap itself, so any `max_gap_m` is a filter `gap_m <= $gap`
 * rather than a clustering of outlines per request. Written by each gmina's index build, for that
 * gmina's parcels (`teryt`): a pair inside one gmina once (parcel_id < neighbour_id), a pair across
 * a gmina border by both gminas' builds, so no two builds ever write the same row.
 * `index_builds.adjacency` says a build wrote its gmina's pairs; builds made before this migration
 * did not, and are rebuilt at start-up (their search rows stay served meanwhile; an assembly over
 * such a gmina clusters the outlines as before).
 */
export class ParcelAdjacency1764300000000 implements MigrationInterface {
  name = 'ParcelAdjacency1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search.parcel_adjacency (
        parcel_id    text NOT NULL,
        neighbour_id text NOT NULL,
        teryt        text NOT NULL,
        gap_m        double precision NOT NULL
      )`);
    // a scope's gminas, then the gap: the pairs an assembly reads, from the index alone
    await q.query(`CREATE INDEX parcel_adjacency_teryt_gap_idx ON search.parcel_adjacency (teryt, gap_m) INCLUDE (parcel_id, neighbour_id)`);
    await q.query(`ALTER TABLE search.index_builds ADD COLUMN adjacency boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.index_builds DROP COLUMN adjacency`);
    await q.query(`DROP TABLE search.parcel_adjacency`);
  }
}
