import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { encodedValueSql } from './column-catalogue.js';

/**
 * One fingerprint of every gmina's build (its gmina and when it was built): any build, rebuild or
 * drop changes it. The page statement of an in-memory search selects it too, so a build committed
 * between the two is noticed.
 */
export const BUILDS_DIGEST_SQL = `SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text, ',' ORDER BY b.teryt), '')) FROM search.index_builds b`;

/** One gmina's rows of one column, in parcel-id byte order, with the build they come from. */
export interface ColumnChunkRow {
  teryt: string;
  stamp: string;
  rows: number;
  data: Buffer | string;
}

export interface KeyChunkRow extends ColumnChunkRow {
  min_id: string | null;
  max_id: string | null;
}

/** The SQL of the in-memory engine: build stamps and one column of many gminas at a time. */
@Injectable()
export class ColumnRepository {
  constructor(private readonly db: DataSource) {}

  async buildsDigest(): Promise<string> {
    const rows: Array<{ md5: string }> = await this.db.query(BUILDS_DIGEST_SQL);
    return rows[0]?.md5 ?? '';
  }

  /** Each built gmina: its build stamp and how many parcels the build indexed. */
  async buildStamps(): Promise<Map<string, { stamp: string; parcels: number }>> {
    const rows: Array<{ teryt: string; stamp: string; parcels: number }> = await this.db.query(`SELECT teryt, built_at::text AS stamp, parcels FROM search.index_builds`);
    return new Map(rows.map((row) => [row.teryt, { stamp: row.stamp, parcels: row.parcels }]));
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
    const { sql, separator } = encodedValueSql(name);
    return this.db.query(
      `SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(${sql}, ${separator} ORDER BY i.parcel_id COLLATE "C") AS data
       FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
       WHERE i.teryt = ANY($1::text[])
       GROUP BY i.teryt, b.built_at`,
      [teryts],
    );
  }
}

