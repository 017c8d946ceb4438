import { Injectable } from '@nestjs/common';
import type { ParcelFeatureView } from '@lp/contracts';
import { DataSource } from 'typeorm';

/** All SQL of the parcel feature. Parcels are read through layer-svc's published view. */
@Injectable()
export class ParcelRepository {
  constructor(private readonly db: DataSource) {}

  async findFeature(parcelId: string): Promise<ParcelFeatureView | null> {
    const rows: Array<{ feature: ParcelFeatureView }> = await this.db.query(
      `SELECT json_build_object(
         'type', 'Feature',
         'id', p.parcel_id,
         'geometry', ST_AsGeoJSON(ST_Transform(p.geom, 4326), 7)::json,
         'properties', json_build_object(
           'parcel_id', p.parcel_id,
           'number', p.number,
           'precinct_id', p.precinct_id,
           'precinct_name', p.precinct_name,
           'teryt', p.teryt,
           'gmina', p.gmina_name,
           'area_sqm', round(p.area_sqm::numeric, 2),
           'centroid', (SELECT json_build_array(round(ST_X(c)::numeric, 7), round(ST_Y(c)::numeric, 7))
                          FROM ST_Transform(ST_PointOnSurface(p.geom), 4326) AS c),
           'provenance', json_build_object(
             'layer', 'parcels',
             'source_run_id', p.source_run_id,
             'fetched_at', to_char(p.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             'source_url', p.source_url,
             'source_bbox', CASE WHEN p.source_bbox IS NULL THEN NULL ELSE json_build_array(
               round(ST_XMin(p.source_bbox)::numeric, 7), round(ST_YMin(p.source_bbox)::numeric, 7),
               round(ST_XMax(p.source_bbox)::numeric, 7), round(ST_YMax(p.source_bbox)::numeric, 7)) END
           )
         )
       ) AS feature
       FROM layer_pub.parcels p
       WHERE p.parcel_id = $1`,
      [parcelId],
    );
    return rows[0]?.feature ?? null;
  }

  /** Ids that look like the given one (trigram distance), closest first. */
  async findSimilarIds(parcelId: string, limit: number): Promise<string[]> {
    const rows: Array<{ parcel_id: string }> = await this.db.query(
      `SELECT parcel_id
       FROM layer_pub.parcels
       WHERE parcel_id % $1
       ORDER BY parcel_id <-> $1, parcel_id
       LIMIT $2`,
      [parcelId, limit],
    );
    return rows.map((row) => row.parcel_id);
  }
}
