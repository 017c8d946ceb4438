import type { DataSource } from 'typeorm';

/** One parcel's statistics as the plain PostGIS raster query gives them. */
export interface PlainParcelTerrain {
  pid: number;
  elevation_min_m: number;
  elevation_mean_m: number;
  elevation_max_m: number;
  slope_mean_pct: number;
  slope_max_pct: number;
  south_facing_share: number;
}

/**
 * The benchmark's SQL: a powiat-sized grid of square parcels staged as a terrain run stages a part's
 * parcels (layer_stage.<table>, numbered 1..n), and the plainest PostGIS raster statistics of some of
 * them from the same elevation model loaded as a raster table. `table` is a name the benchmark makes
 * itself (`terrain_bench_<hex>`), never input.
 */
export class TerrainBenchRepository {
  constructor(private readonly db: DataSource) {}

  /** `perSide` × `perSide` parcels of `sideM` metres from (x0, y0); returns how many. */
  async stageParcelGrid(table: string, x0: number, y0: number, sideM: number, perSide: number): Promise<number> {
    await this.db.query(
      `CREATE TABLE layer_stage.${table} AS
       SELECT (row_number() OVER (ORDER BY j, i))::int AS pid, 'bench.' || j || '.' || i AS id, 'bench'::text AS teryt,
              ST_MakeEnvelope($1 + i * $3, $2 + j * $3, $1 + (i + 1) * $3, $2 + (j + 1) * $3, 2180) AS geom
       FROM generate_series(0, $4 - 1) i, generate_series(0, $4 - 1) j`,
      [x0, y0, sideM, perSide],
    );
    await this.db.query(`CREATE INDEX ON layer_stage.${table} USING gist (geom)`);
    const rows: Array<{ n: number }> = await this.db.query(`SELECT count(*)::int AS n FROM layer_stage.${table}`);
    return rows[0]!.n;
  }

  /** The parcels whose numbers are given, lying inside the box: the sample both paths compute. */
  async parcelsInBox(table: string, box: [number, number, number, number]): Promise<number[]> {
    const rows: Array<{ pid: number }> = await this.db.query(
      `SELECT pid FROM layer_stage.${table} WHERE ST_CoveredBy(geom, ST_MakeEnvelope($1, $2, $3, $4, 2180)) ORDER BY pid`,
      box,
    );
    return rows.map((row) => row.pid);
  }

  /** PostGIS raster needs its extension and GDAL's GeoTIFF driver for ST_FromGDALRaster. */
  async enableRaster(): Promise<void> {
    await this.db.query(`CREATE EXTENSION IF NOT EXISTS postgis_raster`);
  }

  /** A GeoTIFF's bytes into a raster table of 256 × 256 tiles, as raster2pgsql -t 256x256 would load it. */
  async loadRaster(table: string, geotiff: Buffer): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL postgis.gdal_enabled_drivers = 'GTiff'`);
      await tx.query(
        `CREATE TABLE layer_stage.${table}_dem AS
         SELECT row_number() OVER () AS rid, t.rast FROM (SELECT ST_Tile(ST_FromGDALRaster($1::bytea), 256, 256) AS rast) t`,
        [geotiff],
      );
    });
    await this.db.query(`CREATE INDEX ON layer_stage.${table}_dem USING gist (ST_ConvexHull(rast))`);
  }

  /**
   * The plainest PostGIS raster statistics per parcel: the model clipped around the parcel (two
   * pixels more, so its slope sees its neighbours), ST_Slope and ST_Aspect over that, each clipped to
   * the parcel and summarised with ST_SummaryStats; the south share counts the pixels of a map algebra
   * that is 1 where the aspect is 135°–225° and the slope 1 % or more (the service's rule) and 0, its
   * no-data value, elsewhere, over the parcel's pixels.
   */
  plainStatistics(table: string, pids: number[], marginM: number): Promise<PlainParcelTerrain[]> {
    return this.db.query(
      `WITH around AS (
         SELECT p.pid, p.geom, ST_Union(ST_Clip(d.rast, ST_Buffer(p.geom, $2, 'join=mitre'))) AS rast
         FROM layer_stage.${table} p JOIN layer_stage.${table}_dem d ON ST_Intersects(d.rast, ST_Buffer(p.geom, $2, 'join=mitre'))
         WHERE p.pid = ANY($1::int[])
         GROUP BY p.pid, p.geom
       )
       SELECT a.pid, e.min AS elevation_min_m, e.mean AS elevation_mean_m, e.max AS elevation_max_m,
              s.mean AS slope_mean_pct, s.max AS slope_max_pct, coalesce(south.count, 0)::float8 / e.count AS south_facing_share
       FROM around a
       CROSS JOIN LATERAL (SELECT ST_Slope(a.rast, 1, '32BF', 'PERCENT') AS slope, ST_Aspect(a.rast, 1, '32BF', 'DEGREES') AS aspect) d
       CROSS JOIN LATERAL ST_SummaryStats(ST_Clip(a.rast, a.geom)) e
       CROSS JOIN LATERAL ST_SummaryStats(ST_Clip(d.slope, a.geom)) s
       CROSS JOIN LATERAL ST_SummaryStats(ST_Clip(ST_MapAlgebra(d.slope, d.aspect,
         'CASE WHEN [rast1.val] >= 1 AND [rast2.val] BETWEEN 135 AND 225 THEN 1 ELSE 0 END', '8BUI'), a.geom)) south
       ORDER BY a.pid`,
      [pids, marginM],
    );
  }

  async drop(table: string): Promise<void> {
    await this.db.query(`DROP TABLE IF EXISTS layer_stage.${table}_dem`);
    await this.db.query(`DROP TABLE IF EXISTS layer_stage.${table}`);
  }
}
