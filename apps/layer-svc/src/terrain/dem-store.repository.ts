import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One chunk of a part's elevation model: a GeoTIFF in EPSG:2180 and its extent. */
export interface DemChunk {
  extent: [number, number, number, number];
  tiff: Buffer;
}

/**
 * The elevation model kept for the shaded relief (layer.dem_parts, layer.dem_chunks): a terrain
 * run replaces its part's chunks in one transaction under a new version; a relief tile reads the
 * chunks under its box and the version its ETag follows.
 */
@Injectable()
export class DemStoreRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Replaces the part's chunks with those `fill` adds (as it cuts them: a powiat at 1 m is some
   * 4 000 chunks, never all in memory); returns the new elevation version. Tiles read the previous
   * chunks until the transaction commits.
   */
  async replacePart(part: string, pixelM: number, sourceNote: string, fill: (add: (chunk: DemChunk) => Promise<void>) => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM layer.dem_chunks WHERE part = $1`, [part]);
      const rows: Array<{ version: string }> = await tx.query(
        `INSERT INTO layer.dem_parts (part, version, pixel_m, source_note) VALUES ($1, nextval('layer.dem_version_seq'), $2, $3)
         ON CONFLICT (part) DO UPDATE SET version = excluded.version, pixel_m = excluded.pixel_m, source_note = excluded.source_note, loaded_at = now()
         RETURNING version`,
        [part, pixelM, sourceNote],
      );
      let count = 0;
      await fill(async (chunk) => {
        count++;
        await tx.query(`INSERT INTO layer.dem_chunks (part, chunk, extent, tiff) VALUES ($1, $2, ST_MakeEnvelope($3, $4, $5, $6, 2180), $7)`, [
          part,
          count,
          ...chunk.extent,
          chunk.tiff,
        ]);
      });
      return Number(rows[0]!.version);
    });
  }

  /** The elevation version the relief is drawn from (0: no model loaded). */
  async version(): Promise<number> {
    const rows: Array<{ version: string }> = await this.db.query(`SELECT coalesce(max(version), 0) AS version FROM layer.dem_parts`);
    return Number(rows[0]!.version);
  }

  /**
   * The elevation version and the chunks under a web-mercator box (EPSG:3857), read in one snapshot
   * so a tile's ETag names the model it was drawn from.
   */
  async chunksUnder(box3857: [number, number, number, number]): Promise<{ version: number; chunks: Buffer[] }> {
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const [{ version }] = (await tx.query(`SELECT coalesce(max(version), 0) AS version FROM layer.dem_parts`)) as Array<{ version: string }>;
      const rows: Array<{ tiff: Buffer }> = await tx.query(
        `SELECT c.tiff FROM layer.dem_chunks c
         WHERE c.extent && ST_Transform(ST_Segmentize(ST_MakeEnvelope($1, $2, $3, $4, 3857), ($3 - $1) / 8), 2180)
         ORDER BY c.part, c.chunk`,
        box3857,
      );
      return { version: Number(version), chunks: rows.map((row) => row.tiff) };
    });
  }
}
