import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface LayerStateRow {
  layer_id: string;
  version: number;
  feature_count: string;
  refreshed_at: Date | null;
  source_note: string | null;
}

@Injectable()
export class CatalogueRepository {
  constructor(private readonly db: DataSource) {}

  async states(): Promise<Map<string, LayerStateRow>> {
    const rows: LayerStateRow[] = await this.db.query(`SELECT layer_id, version, feature_count, refreshed_at, source_note FROM layer.layer_state`);
    return new Map(rows.map((row) => [row.layer_id, row]));
  }

  /**
   * WGS84 extents of the served data of these layers, as measured when each version was built. A
   * version built before extents were measured falls back to the planner's statistics (refresh
   * ANALYZEs every version): that box is widened by a metre (the statistics keep float4) and
   * densified before it is transformed, as a straight edge in EPSG:2180 is a curve in WGS84.
   * Layers with no data are absent.
   */
  async extents(layerIds: string[]): Promise<Map<string, [number, number, number, number]>> {
    const rows: Array<{ layer_id: string; min_lng: number; min_lat: number; max_lng: number; max_lat: number }> = await this.db.query(
      `SELECT layer_id, ST_XMin(e) AS min_lng, ST_YMin(e) AS min_lat, ST_XMax(e) AS max_lng, ST_YMax(e) AS max_lat
       FROM (SELECT s.layer_id,
                    COALESCE(m.extent_wgs84::geometry,
                             ST_Transform(ST_Segmentize(ST_SetSRID(ST_Expand(ST_EstimatedExtent('layer', s.table_name, 'geom'), 1)::geometry, 2180), 10000), 4326)) AS e
             FROM layer.layer_state s
             LEFT JOIN layer.version_extents m ON m.table_name = s.table_name
             WHERE s.table_name IS NOT NULL AND s.feature_count > 0 AND s.layer_id = ANY($1)) x
       WHERE e IS NOT NULL`,
      [layerIds],
    );
    // Rounded outwards to a micro-degree, so that the box still holds every feature.
    const down = (value: number): number => Math.floor(value * 1e6) / 1e6;
    const up = (value: number): number => Math.ceil(value * 1e6) / 1e6;
    return new Map(rows.map((row) => [row.layer_id, [down(row.min_lng), down(row.min_lat), up(row.max_lng), up(row.max_lat)]]));
  }
}
