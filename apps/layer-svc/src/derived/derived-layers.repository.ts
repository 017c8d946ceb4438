import type { DataSource } from 'typeorm';

/** The served version of a layer a derived layer reads, and its coverage (null: national). */
export interface InputVersion {
  layer_id: string;
  version: number;
  coverage_gminas: string[] | null;
}

/** Fewest sales behind a published median: fewer make no reliable median (the demo uses the same). */
export const PRICES_MIN_SALES = 3;

/**
 * The statutory minimum distance of a wind turbine from residential buildings, and where the law
 * states it (the act as amended in 2023; the demo generator states the same).
 */
export const WIND_RESIDENTIAL_SETBACK = {
  metres: 700,
  legalBasis: 'Art. 4 ust. 1 pkt 2 ustawy z dnia 20 maja 2016 r. o inwestycjach w zakresie elektrowni wiatrowych (Dz.U. 2023 poz. 553)',
} as const;
/**
 * The setback's buffer: its polygon errs only outwards. A buffer's chords lie at most
 * 700 (1 - cos(5.625°)) = 3.4 m inside the true circle (quad_segs 8) and the 5 m simplification
 * moves no edge more than 5 m, so 710 m keeps every point within 700 m inside and adds at most 10 m.
 */
const RESIDENTIAL_BUFFER_M = WIND_RESIDENTIAL_SETBACK.metres + 10;

/**
 * The SQL of the derived layers: the served versions of their inputs, the note the served derived
 * version carries (which input versions it reflects), and each derived layer's features computed
 * from the published views of its inputs, as GeoJSONSeq lines.
 */
export class DerivedLayersRepository {
  constructor(private readonly db: DataSource) {}

  inputVersions(layerIds: string[]): Promise<InputVersion[]> {
    return this.db.query(
      `SELECT layer_id, version::int AS version, coverage_gminas FROM layer.layer_state WHERE layer_id = ANY($1::text[]) AND version > 0 ORDER BY layer_id`,
      [layerIds],
    );
  }

  async servedNote(layerId: string): Promise<string | null> {
    const rows: Array<{ note: string | null }> = await this.db.query(`SELECT source_note AS note FROM layer.layer_state WHERE layer_id = $1`, [layerId]);
    return rows[0]?.note ?? null;
  }

  /**
   * `prices`: the median price per m² of the apartment sales (lokale) per gmina (the city), quarter
   * of the deed's date and market, with PRICES_MIN_SALES sales or more, at the centre of the sales;
   * the city's name from admin_bounds (its TERYT where the gmina is not loaded).
   */
  async pricesLines(): Promise<string[]> {
    const rows: Array<{ line: string }> = await this.db.query(
      `WITH sales AS (
         SELECT l.teryt, l.kind, to_char(l.date, 'YYYY-"Q"Q') AS period, l.price_per_sqm_pln AS price, l.geom
         FROM layer_pub.lokale l
         WHERE l.teryt IS NOT NULL AND l.date IS NOT NULL AND l.price_per_sqm_pln IS NOT NULL AND l.kind IN ('primary_market', 'secondary_market')
       ), medians AS (
         SELECT teryt, kind, period, percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median, count(*)::int AS sales, ST_Centroid(ST_Collect(geom)) AS at
         FROM sales GROUP BY teryt, kind, period HAVING count(*) >= $1
       )
       SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(m.at, 4326), 7)::json,
                'properties', json_build_object('id', 'PRICE.' || m.teryt || '.' || m.period || '.' || CASE m.kind WHEN 'primary_market' THEN 'P' ELSE 'S' END,
                  'kind', m.kind, 'name', coalesce(g.name, m.teryt), 'teryt', m.teryt, 'city', coalesce(g.name, m.teryt), 'period', m.period,
                  'median_price_per_sqm_pln', round(m.median::numeric), 'sample_size', m.sales))::text AS line
       FROM medians m
       LEFT JOIN LATERAL (SELECT a.name FROM layer_pub.admin_bounds a WHERE a.teryt = m.teryt ORDER BY a.id LIMIT 1) g ON true
       ORDER BY m.teryt, m.period, m.kind`,
      [PRICES_MIN_SALES],
    );
    return rows.map((row) => row.line);
  }

  /**
   * `wind_exclusion`: the residential setback per gmina around the single- and multi-family
   * buildings (houses clustered at 150 m, each cluster's footprints with their concave hull
   * buffered, dissolved per gmina: a buffer of every house is far slower), and the served features of
   * the other kinds (parks, reserves, power lines) carried forward until they are derived too.
   */
  async windExclusionLines(): Promise<string[]> {
    const rows: Array<{ line: string }> = await this.db.query(
      `WITH houses AS (
         SELECT teryt, geom, ST_ClusterDBSCAN(geom, 150, 1) OVER (PARTITION BY teryt) AS cluster
         FROM layer_pub.buildings WHERE kind IN ('single_family', 'multi_family') AND teryt IS NOT NULL
       ), clusters AS (
         SELECT teryt, ST_Buffer(ST_Union(ST_ConcaveHull(ST_Collect(geom ORDER BY ST_XMin(geom), ST_YMin(geom)), 0.5), ST_Union(geom)), $1::float8, 'quad_segs=8') AS g
         FROM houses GROUP BY teryt, cluster
       ), setbacks AS (
         SELECT teryt, ST_Simplify(ST_Union(g), 5) AS g FROM clusters GROUP BY teryt
       )
       SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(g, 4326), 7)::json,
                'properties', json_build_object('id', 'residential_setback-' || teryt, 'kind', 'residential_setback',
                  'name', 'Odległość ' || $2::int || ' m od zabudowy mieszkaniowej', 'teryt', teryt, 'setback_m', $2::int, 'legal_basis', $3::text))::text AS line
       FROM setbacks
       UNION ALL
       SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(w.geom, 4326), 7)::json,
                'properties', w.attrs || jsonb_build_object('id', w.id, 'kind', w.kind, 'name', w.name, 'teryt', w.teryt))::text
       FROM layer_pub.wind_exclusion w WHERE w.kind <> 'residential_setback'`,
      [RESIDENTIAL_BUFFER_M, WIND_RESIDENTIAL_SETBACK.metres, WIND_RESIDENTIAL_SETBACK.legalBasis],
    );
    return rows.map((row) => row.line);
  }
}
