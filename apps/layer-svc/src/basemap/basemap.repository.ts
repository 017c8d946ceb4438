import { Injectable } from '@nestjs/common';
import type { Bbox, TileAddress } from '@lp/geo';
import { DataSource, type QueryRunner } from 'typeorm';
import { TILE_BUFFER, TILE_EXTENT } from '../tiles/tile-policy.js';
import { PLACES_LAYER } from './basemap-policy.js';

/** One row of `layer.layer_state`: enough to name a base-map tile's version. */
export interface LayerStamp {
  layerId: string;
  version: number;
  refreshedAt: Date | null;
}

/** SQL of the base map beyond the per-layer cuts (TilesRepository): versions and label points. */
@Injectable()
export class BasemapRepository {
  constructor(private readonly db: DataSource) {}

  async stamps(layerIds: readonly string[]): Promise<LayerStamp[]> {
    const rows: Array<{ layer_id: string; version: number; refreshed_at: Date | null }> = await this.db.query(
      `SELECT layer_id, version, refreshed_at FROM layer.layer_state WHERE layer_id = ANY($1::text[]) ORDER BY layer_id`,
      [layerIds],
    );
    return rows.map((row) => ({ layerId: row.layer_id, version: row.version, refreshedAt: row.refreshed_at }));
  }

  /**
   * One label point per unit of `kinds` whose point on surface lies in the tile's box (`$4..$7`,
   * with the buffer), so a unit is labelled once however many tiles it spans; `table` comes from
   * layer_state (checked by ServedVersionRepository). Where gminas are not drawn, the cities with
   * powiat rights (TERYT powiat code 61 and up: the 66 largest towns, every voivodeship capital
   * among them) are labelled as kind `city`, so a map of all Poland names its towns.
   */
  async places(q: QueryRunner, table: string, tile: TileAddress, box: Bbox, kinds: readonly string[]): Promise<Buffer | null> {
    const cities = !kinds.includes('gmina');
    const rows: Array<{ mvt: Buffer | null; features: string }> = await q.query(
      `WITH units AS (
         SELECT f.fid, f.name, CASE WHEN f.kind = ANY($8::text[]) THEN f.kind ELSE 'city' END AS kind, f.teryt, ST_PointOnSurface(f.geom) AS point
         FROM layer.${table} f
         WHERE f.geom && ST_Transform(ST_MakeEnvelope($4, $5, $6, $7, 4326), 2180)
           AND (f.kind = ANY($8::text[]) OR ($9::boolean AND f.kind = 'gmina' AND substr(f.teryt, 3, 2) >= '61'))
       ), shaped AS (
         SELECT u.fid, u.name, u.kind, u.teryt,
                ST_AsMVTGeom(ST_Transform(u.point, 3857), ST_TileEnvelope($1, $2, $3), ${TILE_EXTENT}, ${TILE_BUFFER}, true) AS geom
         FROM units u
       )
       SELECT ST_AsMVT(shaped.*, '${PLACES_LAYER}', ${TILE_EXTENT}, 'geom', 'fid') AS mvt, count(*) AS features
       FROM shaped WHERE shaped.geom IS NOT NULL`,
      [tile.z, tile.x, tile.y, box.minLng, box.minLat, box.maxLng, box.maxLat, kinds, cities],
    );
    const row = rows[0];
    return row?.mvt && Number(row.features) > 0 ? row.mvt : null;
  }
}
