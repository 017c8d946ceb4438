import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The locality gazetteer (SIMC, the register of localities of GUS TERYT) and the published view of
 * every place geocode knows: `geocode_pub.places`, one row per voivodeship, powiat and gmina of the
 * admin-units read model and per SIMC locality with the gmina it lies in. Other contexts (search's
 * natural-language interpreter) read only this view and `geocode_pub.places_version`; their columns
 * are a contract like a message.
 *
 * Localities carry SIMC's gmina code of 2020; they are joined to today's gminas on its first six
 * digits (85 gminas changed their type digit since), so a locality needs no reload when admin_bounds
 * is refreshed.
 */
export class PlacesGazetteer1764100000000 implements MigrationInterface {
  name = 'PlacesGazetteer1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE geocode.localities (
        sym         text PRIMARY KEY CHECK (sym ~ '^[0-9]{7}$'),
        name        text NOT NULL,
        name_folded text NOT NULL CHECK (name_folded ~ '^[a-z0-9 ]*$'),
        locality_type text NOT NULL,
        parent_sym  text NOT NULL,
        gmina6      text NOT NULL CHECK (gmina6 ~ '^[0-9]{6}$')
      )`);
    await q.query(`CREATE INDEX localities_gmina6_idx ON geocode.localities (gmina6)`);
    await q.query(`
      CREATE TABLE geocode.localities_source (
        singleton      boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        source         text NOT NULL,
        locality_count integer NOT NULL,
        loaded_at      timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE VIEW geocode_pub.places AS
        SELECT u.teryt AS place_id, u.level AS kind, u.name, u.name_folded, u.unit_type,
               u.teryt, u.parent_teryt, u.label
          FROM geocode.admin_units u
        UNION ALL
        SELECT 'simc:' || l.sym, 'locality', l.name, l.name_folded, l.locality_type,
               g.teryt, g.teryt,
               l.name || ' — ' || l.locality_type || ', gmina ' || g.name || coalesce(', ' || g.parent_label, '')
          FROM geocode.localities l
          JOIN geocode.admin_units g ON g.level = 'gmina' AND left(g.teryt, 6) = l.gmina6`);
    await q.query(`
      COMMENT ON VIEW geocode_pub.places IS
        'Every admin unit (kind voivodeship, powiat, gmina; place_id = teryt) and SIMC locality (kind locality, place_id simc:<SYM>, '
        'unit_type the SIMC locality type, teryt the gmina it lies in). Published by geocode-svc; stable columns.'`);
    // One row, also before anything was built: what a reader of places must compare to know it is current.
    await q.query(`
      CREATE VIEW geocode_pub.places_version AS
        SELECT s.version AS admin_bounds_version, s.run_id AS admin_bounds_run_id, s.model_version AS admin_units_model_version,
               s.rebuilt_at AS admin_units_rebuilt_at, s.unit_count, l.loaded_at AS localities_loaded_at, l.locality_count
          FROM (SELECT 1) AS one
          LEFT JOIN geocode.admin_units_source s ON true
          LEFT JOIN geocode.localities_source l ON true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS geocode_pub.places_version`);
    await q.query(`DROP VIEW IF EXISTS geocode_pub.places`);
    await q.query(`DROP TABLE IF EXISTS geocode.localities_source`);
    await q.query(`DROP TABLE IF EXISTS geocode.localities`);
  }
}
