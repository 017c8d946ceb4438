import { Injectable } from '@nestjs/common';
import type { GeometryView } from '@lp/contracts';
import { DataSource } from 'typeorm';

/** Where each requested member lies: which exist, and which cluster (members at most the gap apart) each falls in. */
export interface MemberPlacement {
  found: string[];
  /** Per found member, its cluster: one cluster means one site. */
  clusterOf: Map<string, number>;
}

export interface SiteOutline {
  geometry: GeometryView;
  compactness: number;
}

/** The SQL of a site report's members, on the published parcel layer. */
@Injectable()
export class SiteMembersRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The members that exist and how they cluster: ST_ClusterDBSCAN with the gap as its reach joins
   * members exactly as site assembly does (each within the gap of another).
   */
  async placement(ids: readonly string[], gapM: number): Promise<MemberPlacement> {
    const rows: Array<{ id: string; cluster: number }> = await this.db.query(
      `SELECT p.id, ST_ClusterDBSCAN(p.geom, eps := $2::float8, minpoints := 1) OVER () AS cluster
       FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])`,
      [ids, gapM],
    );
    return { found: rows.map((r) => r.id), clusterOf: new Map(rows.map((r) => [r.id, Number(r.cluster)])) };
  }

  /** The site's outline (members joined, gaps up to the gap closed by a buffer out and back in) and its Polsby-Popper compactness. */
  async outline(ids: readonly string[], gapM: number): Promise<SiteOutline> {
    const [row] = await this.db.query<Array<{ geometry: GeometryView; compactness: number | null }>>(
      `WITH o AS (SELECT ST_Buffer(ST_Buffer(ST_Union(p.geom), $2::float8 / 2, 'join=mitre'), -$2::float8 / 2, 'join=mitre') AS g
                  FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]))
       SELECT ST_AsGeoJSON(ST_Transform(o.g, 4326), 7)::json AS geometry, 4 * pi() * ST_Area(o.g) / NULLIF(ST_Perimeter(o.g) ^ 2, 0) AS compactness FROM o`,
      [ids, gapM],
    );
    return { geometry: row!.geometry, compactness: Math.round(Number(row!.compactness ?? 0) * 1000) / 1000 };
  }
}
