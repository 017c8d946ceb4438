import { Injectable } from '@nestjs/common';
import type { CoverageStatus, PropertyType, TransactionListView } from '@lp/contracts';
import { DataSource } from 'typeorm';

export interface TransactionFilter {
  since: string;
  propertyType: PropertyType | null;
  limit: number;
}

type TransactionList = Omit<TransactionListView, 'coverage'>;

/**
 * Count, median and the newest page of the `matching` CTE (columns of a transaction, plus
 * distance_m when measured from a parcel). The page is aggregated in order, so one round-trip.
 */
function summarise(withDistance: boolean, limitParam: string): string {
  const distance = withDistance ? `, 'distance_m', m.distance_m` : '';
  return `SELECT (SELECT count(*)::int FROM matching) AS count,
         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln) FROM matching)::float8 AS median_price_per_sqm_pln,
         COALESCE((
           SELECT json_agg(json_build_object('land_type', u.land_type, 'count', u.count, 'median_price_per_sqm_pln', u.median) ORDER BY u.land_type)
           FROM (SELECT COALESCE(land_type, 'other') AS land_type, count(*)::int AS count,
                        percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median
                 FROM matching WHERE property_type = 'land' GROUP BY 1) u
         ), '[]'::json) AS land_type_medians,
         COALESCE((
           SELECT json_agg(json_strip_nulls(json_build_object(
                    'id', m.id, 'date', to_char(m.date, 'YYYY-MM-DD'), 'property_type', m.property_type,
                    'price_pln', m.price_pln, 'area_sqm', m.area_sqm, 'price_per_sqm_pln', m.price_per_sqm_pln,
                    'teryt', m.teryt${distance}, 'land_type', m.land_type)) ORDER BY m.date DESC, m.id)
           FROM (SELECT * FROM matching ORDER BY date DESC, id LIMIT ${limitParam}) m
         ), '[]'::json) AS transactions`;
}

const COLUMNS = 't.id, t.date, t.property_type, t.price_pln, t.area_sqm, t.price_per_sqm_pln, t.teryt, t.land_type';

/** All SQL of the transaction list. Reads only layer-svc's published views (layer_pub). */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly db: DataSource) {}

  /** The gmina TERYT code of the parcel, or null when there is no such parcel. */
  async findParcelGmina(parcelId: string): Promise<string | null> {
    const rows: Array<{ teryt: string }> = await this.db.query(`SELECT teryt FROM layer_pub.parcels WHERE id = $1`, [parcelId]);
    return rows[0]?.teryt ?? null;
  }

  /** Transactions within `radiusM` of the parcel's geometry (spatial index via ST_DWithin). */
  async listNearParcel(parcelId: string, radiusM: number, filter: TransactionFilter): Promise<TransactionList> {
    const rows: TransactionList[] = await this.db.query(
      `WITH matching AS (
         SELECT ${COLUMNS}, round(ST_Distance(t.geom, p.geom)::numeric, 1)::float8 AS distance_m
         FROM layer_pub.parcels p
         JOIN layer_pub.transactions t ON ST_DWithin(t.geom, p.geom, $2)
         WHERE p.id = $1 AND t.date >= $3::date AND ($4::text IS NULL OR t.property_type = $4::text)
       )
       ${summarise(true, '$5')}`,
      [parcelId, radiusM, filter.since, filter.propertyType, filter.limit],
    );
    return rows[0]!;
  }

  /** Transactions whose gmina code starts with the region's TERYT code. */
  async listInRegion(region: string, filter: TransactionFilter): Promise<TransactionList> {
    const rows: TransactionList[] = await this.db.query(
      `WITH matching AS (
         SELECT ${COLUMNS}
         FROM layer_pub.transactions t
         WHERE t.teryt LIKE $1 || '%' AND t.date >= $2::date AND ($3::text IS NULL OR t.property_type = $3::text)
       )
       ${summarise(false, '$4')}`,
      [region, filter.since, filter.propertyType, filter.limit],
    );
    return rows[0]!;
  }

  /**
   * Coverage of the transactions layer in a unit, or null when no unit has the code. A layer never
   * loaded (version 0) has no data anywhere, whatever its coverage rows say.
   */
  async coverageStatus(teryt: string): Promise<CoverageStatus | null> {
    const rows: Array<{ status: CoverageStatus }> = await this.db.query(
      `SELECT CASE WHEN COALESCE(v.version, 0) = 0 THEN 'missing' ELSE rc.status END AS status
       FROM layer_pub.region_coverage rc
       LEFT JOIN layer_pub.layer_versions v ON v.layer_id = rc.layer_id
       WHERE rc.layer_id = 'transactions' AND rc.teryt = $1`,
      [teryt],
    );
    return rows[0]?.status ?? null;
  }
}
