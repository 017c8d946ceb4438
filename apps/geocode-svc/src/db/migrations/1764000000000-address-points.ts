import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Address points for GET /geocode, loaded by the addresses CLI (`addresses.cli.ts`) from an address
 * register in GeoJSON lines. Two tables, so a search matches names once per street rather than once
 * per house: `address_streets` (one row per street of a locality, or per locality where houses are
 * numbered without streets) carries the folded words and the search indexes; `address_points`
 * carries the numbers and points, found through their street; `address_words` lists every word once
 * for spelling corrections. The parcel of a point is looked up at query time in layer_pub.parcels,
 * so a parcels refresh needs no reload here.
 */
export class AddressPoints1764000000000 implements MigrationInterface {
  name = 'AddressPoints1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE geocode.address_streets (
        id             integer PRIMARY KEY,
        teryt          text NOT NULL CHECK (teryt ~ '^[0-9]{7}$'),
        gmina          text,
        locality       text NOT NULL,
        locality_simc  text,
        street         text,
        street_type    text CHECK (street_type IN ('ul', 'al', 'os', 'pl')),
        name_words     text[] NOT NULL,
        locality_words text[] NOT NULL,
        gmina_words    text[] NOT NULL,
        search         tsvector NOT NULL,
        postcodes      text[] NOT NULL,
        address_count  integer NOT NULL,
        locality_size  integer NOT NULL
      )`);
    // Every query word must begin a word of the street, locality or gmina: prefix lexemes (w:*) in GIN.
    // fastupdate off: the tables change only in bulk loads, and a pending list left by a load made
    // each search scan it until the next vacuum, many times slower.
    await q.query(`CREATE INDEX address_streets_search_idx ON geocode.address_streets USING gin (search) WITH (fastupdate = off)`);
    // Every word of the streets once, for spelling corrections: is a query word the beginning of a
    // known word (C collation, so the primary key serves LIKE 'w%'), else which word is closest (trigrams)?
    await q.query(`CREATE TABLE geocode.address_words (word text COLLATE "C" PRIMARY KEY CHECK (word ~ '^[a-z0-9]+$'))`);
    await q.query(`CREATE INDEX address_words_trgm_idx ON geocode.address_words USING gin (word gin_trgm_ops) WITH (fastupdate = off)`);
    await q.query(`
      CREATE TABLE geocode.address_points (
        id           text PRIMARY KEY,
        street_id    integer NOT NULL,
        house_number text NOT NULL,
        house_folded text NOT NULL,
        house_base   integer,
        postcode     text CHECK (postcode ~ '^[0-9]{2}-[0-9]{3}$'),
        geom         geometry(Point, 2180) NOT NULL
      )`);
    // No foreign key to address_streets: the loader is the only writer and inserts streets after
    // their points (it learns a street's postcodes and size from them); a deferred check of millions
    // of rows at commit would cost more than the load.
    await q.query(`CREATE INDEX address_points_street_idx ON geocode.address_points (street_id, house_base)`);
    await q.query(`CREATE INDEX address_points_postcode_idx ON geocode.address_points (postcode)`);
    await q.query(`
      CREATE TABLE geocode.address_source (
        singleton    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        source       text NOT NULL,
        point_count  integer NOT NULL,
        street_count integer NOT NULL,
        skipped      integer NOT NULL,
        loaded_at    timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS geocode.address_source`);
    await q.query(`DROP TABLE IF EXISTS geocode.address_points`);
    await q.query(`DROP TABLE IF EXISTS geocode.address_words`);
    await q.query(`DROP TABLE IF EXISTS geocode.address_streets`);
  }
}
