import type { MigrationInterface, QueryRunner } from 'typeorm';

const ENV_KINDS = [
  'natura2000_habitat', 'natura2000_birds', 'national_park', 'national_park_buffer', 'landscape_park',
  'protected_landscape_area', 'nature_reserve', 'nature_landscape_complex', 'ecological_site', 'natural_monument',
  'ramsar_wetland', 'biosphere_reserve', 'forest_promotional_complex', 'flood_risk_10pct', 'flood_risk_1pct',
  'flood_risk_02pct', 'flood_embankment_failure', 'wetland',
];
const NEAREST = ['substation', 'substation_110', 'grid_node', 'transit', 'school', 'water', 'mv_line', 'planned_road'];

/**
 * The search index: one row per parcel with every fact the common filters and ranking signals
 * need, so a search is plain indexed predicates over one table. Derived from layer_pub by
 * search-svc per gmina; `index_builds` records the layer versions each gmina was built from.
 * Distances are metres in EPSG:2180; null means nothing within the column's reach (or no data:
 * the engine decides that from coverage, never from a null).
 */
export class ParcelSearchIndex1764100000000 implements MigrationInterface {
  name = 'ParcelSearchIndex1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search.parcel_index (
        parcel_id         text PRIMARY KEY,
        teryt             text NOT NULL,
        gmina_name        text,
        area_sqm          double precision NOT NULL,
        zoning_source     text CHECK (zoning_source IN ('mpzp', 'plan_ogolny')),
        zoning_category   text,
        zoning_symbol_raw text,
        zoning_symbol     text,
        slope_pct         double precision,
        building_count    integer,
        max_floors        integer,
        min_floors        integer,
        ${NEAREST.map((c) => `${c}_m double precision, ${c}_name text`).join(',\n        ')},
        grid_node_mw      double precision,
        solar_yield       double precision,
        land_cover_kinds  text[],
        kowr_overlap      boolean,
        ${ENV_KINDS.map((k) => `env_${k}_m double precision`).join(',\n        ')},
        price_per_sqm_pln double precision
      )`);
    for (const column of ['teryt', 'area_sqm', 'substation_110_m', 'transit_m', 'slope_pct', 'solar_yield']) {
      await q.query(`CREATE INDEX parcel_index_${column}_idx ON search.parcel_index (${column})`);
    }
    // region searches by powiat and voivodeship are prefix ranges of the gmina code
    await q.query(`CREATE INDEX parcel_index_teryt_prefix_idx ON search.parcel_index (teryt text_pattern_ops)`);
    await q.query(`CREATE INDEX parcel_index_zoning_idx ON search.parcel_index (zoning_category, zoning_source)`);
    // The parcel outlines, beside the index: spatial fallbacks, bbox searches and result geometry
    // read them by our own key (joining layer_pub.parcels by id let the planner pick its trigram index).
    await q.query(`
      CREATE TABLE search.parcel_geometry (
        parcel_id text PRIMARY KEY,
        teryt     text NOT NULL,
        geom      geometry(Geometry, 2180) NOT NULL
      )`);
    await q.query(`CREATE INDEX parcel_geometry_geom_idx ON search.parcel_geometry USING gist (geom)`);
    await q.query(`CREATE INDEX parcel_geometry_teryt_idx ON search.parcel_geometry (teryt)`);
    await q.query(`
      CREATE TABLE search.index_builds (
        teryt       text PRIMARY KEY,
        versions    jsonb NOT NULL,
        parcels     integer NOT NULL,
        duration_ms integer NOT NULL,
        built_at    timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE search.index_builds`);
    await q.query(`DROP TABLE search.parcel_geometry`);
    await q.query(`DROP TABLE search.parcel_index`);
  }
}
