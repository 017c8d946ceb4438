import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stable integer parcel keys, because joins on text ids spill to disk: `search.parcel_keys` gives
 * every parcel id the index has
 * seen a number, once and for good (rows are never deleted, so a key never changes or passes to
 * another parcel). The search index carries each row's key and the neighbour pairs are pairs of
 * keys: a national assembly without filters joins a million candidates with two million pairs, and
 * on text ids those joins spilt to disk (docs/performance.md); int4 pairs also take about half the
 * space. Keys are assigned by the index build, before its transaction (search-index.repository.ts).
 *
 * The text pairs are dropped and every build is marked as made without pairs (`adjacency`), the
 * mechanism the pairs came with: start-up rebuilds those gminas with keys and key pairs while their
 * search rows stay served, and an assembly over a gmina not rebuilt yet clusters the outlines.
 * Until then its index rows have no key (the column is null only there).
 */
export class ParcelKeys1764400000000 implements MigrationInterface {
  name = 'ParcelKeys1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search.parcel_keys (
        parcel_id  text PRIMARY KEY,
        parcel_key integer GENERATED ALWAYS AS IDENTITY UNIQUE
      )`);
    await q.query(`ALTER TABLE search.parcel_index ADD COLUMN parcel_key integer`);
    // the picked candidates' rows are fetched by key
    await q.query(`CREATE UNIQUE INDEX parcel_index_parcel_key_idx ON search.parcel_index (parcel_key)`);
    await q.query(`DROP TABLE search.parcel_adjacency`);
    await q.query(`
      CREATE TABLE search.parcel_adjacency (
        parcel_key    integer NOT NULL,
        neighbour_key integer NOT NULL,
        teryt         text NOT NULL,
        gap_m         double precision NOT NULL
      )`);
    // a scope's gminas, then the gap: the pairs an assembly reads, from the index alone
    await q.query(`CREATE INDEX parcel_adjacency_teryt_gap_idx ON search.parcel_adjacency (teryt, gap_m) INCLUDE (parcel_key, neighbour_key)`);
    await q.query(`UPDATE search.index_builds SET adjacency = false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE search.index_builds SET adjacency = false`);
    await q.query(`DROP TABLE search.parcel_adjacency`);
    await q.query(`
      CREATE TABLE search.parcel_adjacency (
        parcel_id    text NOT NULL,
        neighbour_id text NOT NULL,
        teryt        text NOT NULL,
        gap_m        double precision NOT NULL
      )`);
    await q.query(`CREATE INDEX parcel_adjacency_teryt_gap_idx ON search.parcel_adjacency (teryt, gap_m) INCLUDE (parcel_id, neighbour_id)`);
    await q.query(`DROP INDEX search.parcel_index_parcel_key_idx`);
    await q.query(`ALTER TABLE search.parcel_index DROP COLUMN parcel_key`);
    await q.query(`DROP TABLE search.parcel_keys`);
  }
}
