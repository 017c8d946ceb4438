import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONSTRAINT_LAYERS, CONSTRAINT_RULES } from '../../facts/constraints/constraint-topics.js';
import { extentAround, type MapConstraintArea, type MapParcel, type PlanarGeometry, type ReportMapData } from './report-map.js';

/** Enough neighbours for a dense urban block; more would only be unreadable on paper. */
const NEIGHBOURS_MAX = 600;
const AREAS_PER_LAYER_MAX = 60;

const severityOf = new Map(CONSTRAINT_RULES.map((rule) => [`${rule.layer}/${rule.kind}`, rule.severity]));
const kindsOf = (layer: string): string[] => CONSTRAINT_RULES.filter((rule) => rule.layer === layer).map((rule) => rule.kind);

interface ParcelRow {
  parcel_id: string;
  number: string;
  geojson: string;
  label_x: number;
  label_y: number;
}

/**
 * The geometry of the report map, from our own PostGIS data in EPSG:2180 metres: the parcel,
 * its neighbours and every constraint area in the extent, clipped to it and simplified to what
 * paper can show.
 */
@Injectable()
export class ReportMapRepository {
  constructor(private readonly db: DataSource) {}

  async mapOf(parcelId: string): Promise<ReportMapData | null> {
    return this.mapOfSite([parcelId]);
  }

  /**
   * The map of one parcel or of a site's members (the first is the subject, the others drawn as
   * members of the same site): the extent around all of them.
   */
  async mapOfSite(parcelIds: readonly string[]): Promise<ReportMapData | null> {
    const [box] = await this.db.query<Array<{ min_x: number | null; min_y: number; max_x: number; max_y: number }>>(
      `SELECT ST_XMin(e) AS min_x, ST_YMin(e) AS min_y, ST_XMax(e) AS max_x, ST_YMax(e) AS max_y
       FROM (SELECT ST_Extent(geom) AS e FROM layer_pub.parcels WHERE id = ANY($1::text[])) x`,
      [parcelIds],
    );
    if (!box || box.min_x === null) return null;
    const extent = extentAround({ minX: box.min_x, minY: box.min_y, maxX: box.max_x, maxY: box.max_y });
    const envelope = [extent.minX, extent.minY, extent.maxX, extent.maxY];
    // A tenth of a millimetre on paper at the scale of the map is below what can be seen.
    const tolerance = (extent.maxX - extent.minX) / 4000;
    const parcels: ParcelRow[] = await this.db.query(
      `WITH box AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 2180) AS g)
       SELECT p.id AS parcel_id, p.parcel_number AS number, ST_AsGeoJSON(c.geom, 2) AS geojson,
              ST_X(ST_PointOnSurface(c.geom)) AS label_x, ST_Y(ST_PointOnSurface(c.geom)) AS label_y
       FROM layer_pub.parcels p, box,
            LATERAL (SELECT ST_ClipByBox2D(p.geom, box.g) AS geom) c
       WHERE p.geom && box.g AND NOT ST_IsEmpty(c.geom)
       ORDER BY p.id = ANY($5::text[]) DESC, ST_Distance(p.geom, ST_Centroid(box.g))
       LIMIT $6`,
      [...envelope, parcelIds, NEIGHBOURS_MAX + parcelIds.length],
    );
    const all = parcels.map(toMapParcel);
    const subject = all.find((p) => p.parcelId === parcelIds[0]);
    if (!subject) return null;
    const chosen = new Set(parcelIds);
    const members = all.filter((p) => p !== subject && chosen.has(p.parcelId));
    return {
      extent,
      subject,
      ...(members.length > 0 ? { members } : {}),
      neighbours: all.filter((p) => !chosen.has(p.parcelId)),
      constraints: await this.constraintAreas(envelope, tolerance),
    };
  }

  private async constraintAreas(envelope: number[], tolerance: number): Promise<MapConstraintArea[]> {
    // Layer names come from our own constraint catalogue, never from input.
    const perLayer = CONSTRAINT_LAYERS.map(
      (layer, index) => `(SELECT '${layer}' AS layer, f.id, f.kind, f.name,
                ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
                ST_Covers(f.geom, box.g) AS covers_map
         FROM layer_pub.${layer} f, box
         WHERE f.geom && box.g AND f.kind = ANY($${6 + index}::text[]) AND ST_Intersects(f.geom, box.g)
         ORDER BY f.id LIMIT ${AREAS_PER_LAYER_MAX})`,
    );
    const rows: Array<{ layer: string; id: string; kind: string; name: string | null; geojson: string; covers_map: boolean }> = await this.db.query(
      `WITH box AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 2180) AS g)
       ${perLayer.join('\n       UNION ALL\n       ')}`,
      [...envelope, tolerance, ...CONSTRAINT_LAYERS.map(kindsOf)],
    );
    return rows.flatMap((row) => {
      const severity = severityOf.get(`${row.layer}/${row.kind}`);
      const geometry = JSON.parse(row.geojson) as PlanarGeometry;
      if (!severity || isEmpty(geometry)) return [];
      return [{ layer: row.layer, id: row.id, kind: row.kind, name: row.name ?? row.kind.replaceAll('_', ' '), severity, geometry, coversMap: row.covers_map }];
    });
  }
}

function toMapParcel(row: ParcelRow): MapParcel {
  return { parcelId: row.parcel_id, number: row.number, geometry: JSON.parse(row.geojson) as PlanarGeometry, labelAt: [row.label_x, row.label_y] };
}

function isEmpty(geometry: PlanarGeometry): boolean {
  return Array.isArray(geometry.coordinates) ? geometry.coordinates.length === 0 : (geometry.geometries ?? []).length === 0;
}
