import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface NewReportLink {
  tokenHash: Buffer;
  parcelId: string;
  scenario: string | null;
  language: string;
  filename: string;
  pdf: Buffer;
  ttlSeconds: number;
}

/** All SQL of the stored report PDFs. */
@Injectable()
export class ReportLinksRepository {
  constructor(private readonly db: DataSource) {}

  /** Stores the PDF and returns when its link expires (database clock, like the lookups). */
  async save(link: NewReportLink): Promise<Date> {
    const [row] = await this.db.query<Array<{ expires_at: Date }>>(
      `INSERT INTO parcel.report_links (token_hash, parcel_id, scenario, language, filename, pdf, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
       RETURNING expires_at`,
      [link.tokenHash, link.parcelId, link.scenario, link.language, link.filename, link.pdf, link.ttlSeconds],
    );
    if (!row) throw new Error('report link was not stored');
    return new Date(row.expires_at);
  }

  /** The PDF behind a token that has not expired yet. */
  async findLive(tokenHash: Buffer): Promise<{ filename: string; pdf: Buffer } | null> {
    const [row] = await this.db.query<Array<{ filename: string; pdf: Buffer }>>(
      `SELECT filename, pdf FROM parcel.report_links WHERE token_hash = $1 AND expires_at > now()`,
      [tokenHash],
    );
    return row ?? null;
  }

  /**
   * Removes expired links; returns how many. Counted by a SELECT over the deleted rows: for a DELETE
   * TypeORM's query() returns [rows, rowCount], whose length is always 2.
   */
  async deleteExpired(): Promise<number> {
    const [row] = await this.db.query<Array<{ removed: number }>>(
      `WITH removed AS (DELETE FROM parcel.report_links WHERE expires_at <= now() RETURNING 1) SELECT count(*)::int AS removed FROM removed`,
    );
    return row?.removed ?? 0;
  }
}
