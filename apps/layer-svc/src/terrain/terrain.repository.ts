import type { DataSource } from 'typeorm';

/** A staged parcel as the window reader burns it and the source writer writes it. */
export interface StagedParcel {
  pid: number;
  id: string;
  teryt: string;
  geometry: string;
}

/**
 * The SQL of a terrain run: the part's parcels inside the elevation model staged and numbered for
 * burning on the grid, the served statistics of other parcels carried forward, and the gminas whose
 * every parcel the model covers. `table` is a name the run makes itself (`terrain_<hex>`), never input.
 */
export class TerrainRepository {
  constructor(private readonly db: DataSource) {}

  /** The part's parcels lying wholly inside the sheets, numbered 1..n; returns how many. */
  async stageParcels(table: string, footprint: string, teryt: string[] | null): Promise<number> {
    await this.db.query(
      `CREATE TABLE layer_stage.${table} AS
       SELECT row_number() OVER (ORDER BY p.id)::int AS pid, p.id, p.teryt, p.geom
       FROM layer_pub.parcels p
       WHERE ST_CoveredBy(p.geom, ST_UnaryUnion(ST_GeomFromText($1, 2180)))
         AND ($2::text[] IS NULL OR p.teryt LIKE ANY (SELECT code || '%' FROM unnest($2::text[]) code))`,
      [footprint, teryt],
    );
    await this.db.query(`CREATE INDEX ON layer_stage.${table} USING gist (geom)`);
    const rows: Array<{ n: number }> = await this.db.query(`SELECT count(*)::int AS n FROM layer_stage.${table}`);
    return rows[0]!.n;
  }

  async hasParcels(table: string, extent: number[]): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM layer_stage.${table} WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 2180) LIMIT 1`, extent);
    return rows.length > 0;
  }

  stagedParcels(table: string): Promise<StagedParcel[]> {
    return this.db.query(`SELECT pid, id, teryt, ST_AsGeoJSON(ST_Transform(geom, 4326), 7) AS geometry FROM layer_stage.${table} ORDER BY pid`);
  }

  /** The served statistics of parcels outside the staged part, as GeoJSONSeq lines. */
  async keptLines(table: string): Promise<string[]> {
    const rows: Array<{ line: string }> = await this.db.query(
      `SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(s.geom, 4326), 7)::json,
                'properties', s.attrs || jsonb_build_object('id', s.id, 'kind', s.kind, 'teryt', s.teryt))::text AS line
       FROM layer_pub.terrain_stats s WHERE NOT EXISTS (SELECT 1 FROM layer_stage.${table} p WHERE p.id = s.id)`,
    );
    return rows.map((row) => row.line);
  }

  /**
   * The served contours of other parts (ids `<part>:…`) not wholly inside the sheets, as GeoJSONSeq
   * lines: the part's own lines are always replaced (a line at the sheets' edge may lie a rounding
   * outside them, and was kept beside its new self with the same id).
   */
  async keptContourLines(footprint: string, part: string): Promise<string[]> {
    const rows: Array<{ line: string }> = await this.db.query(
      `WITH f AS (SELECT ST_UnaryUnion(ST_GeomFromText($1, 2180)) AS g)
       SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(c.geom, 4326), 7)::json,
                'properties', c.attrs || jsonb_build_object('id', c.id, 'kind', c.kind, 'teryt', c.teryt))::text AS line
       FROM layer_pub.contours c, f WHERE left(c.id, length($2) + 1) <> $2 || ':' AND NOT ST_CoveredBy(c.geom, f.g)`,
      [footprint, part],
    );
    return rows.map((row) => row.line);
  }

  /** Gminas whose whole boundary lies inside the sheets: the contours cover them. */
  async gminasInside(footprint: string): Promise<string[]> {
    const rows: Array<{ teryt: string }> = await this.db.query(
      `WITH f AS (SELECT ST_UnaryUnion(ST_GeomFromText($1, 2180)) AS g)
       SELECT DISTINCT b.teryt FROM layer_pub.admin_bounds b, f
       WHERE b.kind = 'gmina' AND b.teryt IS NOT NULL AND ST_CoveredBy(b.geom, f.g) ORDER BY 1`,
      [footprint],
    );
    return rows.map((row) => row.teryt);
  }

  /** Gminas (of the part) whose every parcel lies inside the sheets. */
  async coveredGminas(footprint: string, teryt: string[] | null): Promise<string[]> {
    const rows: Array<{ teryt: string }> = await this.db.query(
      `SELECT p.teryt FROM layer_pub.parcels p
       WHERE p.teryt IS NOT NULL AND ($2::text[] IS NULL OR p.teryt LIKE ANY (SELECT code || '%' FROM unnest($2::text[]) code))
         AND p.teryt IN (SELECT q.teryt FROM layer_pub.parcels q WHERE ST_Intersects(q.geom, ST_UnaryUnion(ST_GeomFromText($1, 2180))))
       GROUP BY p.teryt HAVING bool_and(ST_CoveredBy(p.geom, ST_UnaryUnion(ST_GeomFromText($1, 2180)))) ORDER BY 1`,
      [footprint, teryt],
    );
    return rows.map((row) => row.teryt);
  }

  /** The served version of terrain_stats or contours and its coverage (null: national). */
  async servedState(layerId: 'terrain_stats' | 'contours'): Promise<{ version: number; coverage_gminas: string[] | null } | undefined> {
    const rows: Array<{ version: number; coverage_gminas: string[] | null }> = await this.db.query(`SELECT version, coverage_gminas FROM layer.layer_state WHERE layer_id = $1`, [layerId]);
    return rows[0];
  }

  async dropStage(table: string): Promise<void> {
    await this.db.query(`DROP TABLE IF EXISTS layer_stage.${table}`);
  }
}
