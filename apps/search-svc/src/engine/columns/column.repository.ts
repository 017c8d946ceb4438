import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { readOnce } from '../read-once.js';
import { encodedValueSql } from './column-catalogue.js';

/**
 * One fingerprint of every gmina's build (its gmina, when it was built and whether with neighbour
 * pairs): any build, rebuild or drop changes it. The page statement of an in-memory search selects
 * it too, so a build committed between the two is noticed.
 */
export const BUILDS_DIGEST_SQL = `SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b`;

/** The builds digest (BUILDS_DIGEST_SQL) as text, '' before any build; read once a search (read-once.ts). */
export function readBuildsDigest(db: DataSource): Promise<string> {
  return readOnce('builds-digest', async () => {
    const rows: Array<{ md5: string | null }> = await db.query(BUILDS_DIGEST_SQL);
    return rows[0]?.md5 ?? '';
  });
}

/** One gmina's rows of one column, in parcel-id byte order, with the build they come from. */
export interface ColumnChunkRow {
  teryt: string;
  stamp: string;
  rows: number;
  data: Buffer | string;
  /** A sparse column's rows, '1' where the row has a value (then `data` holds only those values). */
  presence?: string;
}

export interface BuildStamp {
  stamp: string;
  parcels: number;
  /** The build wrote the gmina's neighbour pairs (search.parcel_adjacency). */
  adjacency: boolean;
}

export interface KeyChunkRow extends ColumnChunkRow {
  min_id: string | null;
  max_id: string | null;
}

/** A column's statistics (ColumnRepository.columnStats). */
export interface ColumnStats {
  /** The fraction of rows with a value. */
  present: number;
  /** About how many distinct values the whole table holds. */
  distinct: number;
}

/** The SQL of the in-memory engine: build stamps and one column of many gminas at a time. */
@Injectable()
export class ColumnRepository {
  constructor(private readonly db: DataSource) {}

  buildsDigest(): Promise<string> {
    return readBuildsDigest(this.db);
  }

  /** Each built gmina: its build stamp, how many parcels the build indexed and whether it wrote their neighbour pairs. */
  async buildStamps(): Promise<Map<string, BuildStamp>> {
    const rows: Array<{ teryt: string; stamp: string; parcels: number; adjacency: boolean }> = await this.db.query(
      `SELECT teryt, built_at::text AS stamp, parcels, adjacency FROM search.index_builds`,
    );
    return new Map(rows.map((row) => [row.teryt, { stamp: row.stamp, parcels: row.parcels, adjacency: row.adjacency }]));
  }

  /**
   * The parcel keys of the gminas' rows (int4send, null as -2^31), with their first and last parcel
   * ids in byte order: every other column of a gmina is read in the same order.
   */
  keys(teryts: readonly string[]): Promise<KeyChunkRow[]> {
    return this.db.query(
      `SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows,
              min(i.parcel_id COLLATE "C") AS min_id, max(i.parcel_id COLLATE "C") AS max_id,
              string_agg(COALESCE(int4send(i.parcel_key), '\\x80000000'::bytea), ''::bytea ORDER BY i.parcel_id COLLATE "C") AS data
       FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
       WHERE i.teryt = ANY($1::text[])
       GROUP BY i.teryt, b.built_at`,
      [teryts],
    );
  }

  /** One column of the gminas' rows (column-catalogue.ts says how each kind is encoded). */
  column(name: string, teryts: readonly string[]): Promise<ColumnChunkRow[]> {
    const { sql, separator, presentWhere } = encodedValueSql(name);
    const order = `ORDER BY i.parcel_id COLLATE "C"`;
    const aggregates =
      presentWhere === undefined
        ? `string_agg(${sql}, ${separator} ${order}) AS data`
        : `COALESCE(string_agg(${sql}, ${separator} ${order}) FILTER (WHERE ${presentWhere}), ''::bytea) AS data,
              string_agg(CASE WHEN ${presentWhere} THEN '1' ELSE '0' END, '' ${order}) AS presence`;
    return this.db.query(
      `SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, ${aggregates}
       FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
       WHERE i.teryt = ANY($1::text[])
       GROUP BY i.teryt, b.built_at`,
      [teryts],
    );
  }

  /**
   * Per column of the index as ANALYZE last sampled it, for the budget's estimates: the fraction of
   * its rows with a value (a sparse column) and about how many distinct values it has in the whole
   * table (a number column, held coded where few: column-coded.ts). A column without statistics is
   * absent.
   */
  async columnStats(): Promise<Map<string, ColumnStats>> {
    const rows: Array<{ attname: string; present: number; distinct: number }> = await this.db.query(
      `SELECT s.attname, 1 - s.null_frac::float8 AS present,
              CASE WHEN s.n_distinct >= 0 THEN s.n_distinct ELSE -s.n_distinct * greatest(c.reltuples, 0) END::float8 AS distinct
       FROM pg_stats s JOIN pg_class c ON c.oid = 'search.parcel_index'::regclass
       WHERE s.schemaname = 'search' AND s.tablename = 'parcel_index' AND NOT s.inherited`,
    );
    return new Map(rows.map((row) => [row.attname, { present: row.present, distinct: row.distinct }]));
  }

  /**
   * The gminas' neighbour pairs at most `gapM` apart, as site assembly reads them (assembly.repository.ts):
   * per gmina, the pairs its build wrote, each as the int4send of its two parcel keys.
   */
  pairs(gapM: number, teryts: readonly string[]): Promise<ColumnChunkRow[]> {
    return this.db.query(
      `SELECT x.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(int4send(x.parcel_key) || int4send(x.neighbour_key), ''::bytea) AS data
       FROM search.parcel_adjacency x JOIN search.index_builds b ON b.teryt = x.teryt
       WHERE x.teryt = ANY($1::text[]) AND x.gap_m <= $2::float8
       GROUP BY x.teryt, b.built_at`,
      [teryts, gapM],
    );
  }
}
