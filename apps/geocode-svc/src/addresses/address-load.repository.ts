import type { DataSource, EntityManager } from 'typeorm';
import type { PointRow, StreetRow } from './address-rows.js';

/** What is loaded now (geocode.address_source); null before the first load. */
export interface AddressSourceState {
  source: string;
  point_count: number;
  street_count: number;
  skipped: number;
  loaded_at: Date;
}

/** The writes of one load, all inside its transaction. */
export interface AddressLoadWriter {
  /** The number of points loaded before this load (0 for the first). */
  readonly previousCount: number;
  insertPoints(rows: PointRow[]): Promise<void>;
  insertStreets(rows: StreetRow[]): Promise<void>;
}

export interface AddressLoadSummary {
  source: string;
  point_count: number;
  street_count: number;
  skipped: number;
}

/** All SQL of loading address points. Gmina names are read through layer-svc's published view. */
export class AddressLoadRepository {
  constructor(private readonly db: DataSource) {}

  /** Gmina names by TERYT code, from the admin_bounds layer-svc serves (empty before it is loaded). */
  async gminaNames(): Promise<Map<string, string>> {
    const rows: Array<{ id: string; name: string }> = await this.db.query(`SELECT id, name FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND name IS NOT NULL`);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async state(): Promise<AddressSourceState | null> {
    const rows: AddressSourceState[] = await this.db.query(`SELECT source, point_count, street_count, skipped, loaded_at FROM geocode.address_source`);
    return rows[0] ?? null;
  }

  /**
   * Replaces every address in one transaction: searches see the old addresses until the new ones
   * commit, and a load that fails anywhere (a broken line, a check of `fill`, a lost connection)
   * leaves the old ones in place. A transaction lock serialises concurrent loads.
   */
  async replaceAll(fill: (writer: AddressLoadWriter) => Promise<AddressLoadSummary>): Promise<AddressLoadSummary> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('geocode:addresses'))`);
      const previous: Array<{ point_count: number }> = await manager.query(`SELECT point_count FROM geocode.address_source`);
      await manager.query(`DELETE FROM geocode.address_points`);
      await manager.query(`DELETE FROM geocode.address_streets`);
      const summary = await fill({
        previousCount: previous[0]?.point_count ?? 0,
        insertPoints: (rows) => insertPoints(manager, rows),
        insertStreets: (rows) => insertStreets(manager, rows),
      });
      await manager.query(`DELETE FROM geocode.address_words`);
      await manager.query(
        `INSERT INTO geocode.address_words (word)
         SELECT DISTINCT w.word FROM geocode.address_streets s, unnest(s.name_words || s.locality_words || s.gmina_words) AS w(word)`,
      );
      // Every row is new: fresh statistics keep the planner on the search indexes.
      await manager.query(`ANALYZE geocode.address_words`);
      await manager.query(`ANALYZE geocode.address_streets`);
      await manager.query(`ANALYZE geocode.address_points`);
      await manager.query(
        `INSERT INTO geocode.address_source (singleton, source, point_count, street_count, skipped, loaded_at)
         VALUES (true, $1, $2, $3, $4, now())
         ON CONFLICT (singleton) DO UPDATE
           SET source = EXCLUDED.source, point_count = EXCLUDED.point_count, street_count = EXCLUDED.street_count,
               skipped = EXCLUDED.skipped, loaded_at = EXCLUDED.loaded_at`,
        [summary.source, summary.point_count, summary.street_count, summary.skipped],
      );
      return summary;
    });
  }
}

/** One statement per batch, every value a parameter (arrays unnested); points stored in EPSG:2180. */
async function insertPoints(manager: EntityManager, rows: PointRow[]): Promise<void> {
  const column = <K extends keyof PointRow>(key: K): Array<PointRow[K]> => rows.map((row) => row[key]);
  await manager.query(
    `INSERT INTO geocode.address_points (id, street_id, house_number, house_folded, house_base, postcode, geom)
     SELECT id, street_id, house_number, house_folded, house_base, postcode, ST_Transform(ST_SetSRID(ST_MakePoint(lng, lat), 4326), 2180)
     FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::text[], $7::float8[], $8::float8[])
       AS t(id, street_id, house_number, house_folded, house_base, postcode, lng, lat)`,
    [column('id'), column('street_id'), column('house_number'), column('house_folded'), column('house_base'), column('postcode'), column('lng'), column('lat')],
  );
}

/** Word lists travel as JSON (node-pg has no text[][] parameter) and become arrays and a tsvector. */
async function insertStreets(manager: EntityManager, rows: StreetRow[]): Promise<void> {
  await manager.query(
    `INSERT INTO geocode.address_streets
       (id, teryt, gmina, locality, locality_simc, street, street_type, name_words, locality_words, gmina_words,
        search, postcodes, address_count, locality_size)
     SELECT s.id, s.teryt, s.gmina, s.locality, s.locality_simc, s.street, s.street_type,
            ARRAY(SELECT json_array_elements_text(s.name_words)),
            ARRAY(SELECT json_array_elements_text(s.locality_words)),
            ARRAY(SELECT json_array_elements_text(s.gmina_words)),
            array_to_tsvector(ARRAY(SELECT json_array_elements_text(s.search_words))),
            ARRAY(SELECT json_array_elements_text(s.postcodes)),
            s.address_count, s.locality_size
     FROM json_to_recordset($1::json) AS s(
       id integer, teryt text, gmina text, locality text, locality_simc text, street text, street_type text,
       name_words json, locality_words json, gmina_words json, search_words json,
       postcodes json, address_count integer, locality_size integer)`,
    [JSON.stringify(rows)],
  );
}
