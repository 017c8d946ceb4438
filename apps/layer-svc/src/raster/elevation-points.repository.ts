import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Versions of the elevation layers a hillshade tile is drawn from: part of the tile's ETag. */
export interface ElevationSources {
  terrainStats: { version: number; table: string | null };
  contours: { version: number; table: string | null };
}

/** The most elevation points read for one tile: bounds the work of a tile at the lowest zoom served. */
export const ELEVATION_POINTS_MAX = 200_000;

const TABLE = /^f_(terrain_stats|contours)__\d+$/;

/**
 * The elevation data we hold, as points in EPSG:3857: the mean elevation of each parcel of
 * terrain_stats (at a point on its surface) and every vertex of the contours with its level.
 * Both are read in one snapshot, from the physical tables of the served versions.
 */
@Injectable()
export class ElevationPointsRepository {
  constructor(private readonly db: DataSource) {}

  async read<T>(work: (sources: ElevationSources, points: (box: [number, number, number, number]) => Promise<Array<{ x: number; y: number; z: number }>>) => Promise<T>): Promise<T> {
    const q = this.db.createQueryRunner();
    await q.connect();
    try {
      await q.startTransaction('REPEATABLE READ');
      await q.query('SET TRANSACTION READ ONLY');
      const rows: Array<{ layer_id: string; version: number; table_name: string | null }> = await q.query(
        `SELECT layer_id, version, table_name FROM layer.layer_state WHERE layer_id IN ('terrain_stats', 'contours')`,
      );
      const source = (id: string) => {
        const row = rows.find((candidate) => candidate.layer_id === id);
        const table = row?.table_name ?? null;
        if (table !== null && !TABLE.test(table)) throw new Error(`unexpected table name ${table}`);
        return { version: row?.version ?? 0, table };
      };
      const sources = { terrainStats: source('terrain_stats'), contours: source('contours') };
      const points = async ([minX, minY, maxX, maxY]: [number, number, number, number]) => {
        const parts: string[] = [];
        if (sources.terrainStats.table) {
          parts.push(
            `SELECT ST_Transform(ST_PointOnSurface(t.geom), 3857) AS p, (t.attrs->>'elevation_mean_m')::float8 AS z
             FROM layer.${sources.terrainStats.table} t, box WHERE t.geom && box.b`,
          );
        }
        if (sources.contours.table) {
          parts.push(
            `SELECT ST_Transform(d.geom, 3857), (c.attrs->>'elevation_m')::float8
             FROM layer.${sources.contours.table} c, box, LATERAL ST_DumpPoints(c.geom) d WHERE c.geom && box.b`,
          );
        }
        if (parts.length === 0) return [];
        return q.query(
          `WITH box AS (SELECT ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 3857), 2180) AS b)
           SELECT ST_X(p) AS x, ST_Y(p) AS y, z FROM (${parts.join(' UNION ALL ')}) s WHERE z IS NOT NULL LIMIT ${ELEVATION_POINTS_MAX}`,
          [minX, minY, maxX, maxY],
        );
      };
      const result = await work(sources, points);
      await q.commitTransaction();
      return result;
    } catch (error) {
      if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await q.release();
    }
  }
}
