import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface NewReportLink {
  tokenHash: Buffer;
  /** The API key the link counts against. */
  owner: string;
  parcelId: string;
  scenario: string | null;
  language: string;
  filename: string;
  pdf: Buffer;
  ttlSeconds: number;
}

/** What one key holds in live links: how many, their PDFs' bytes, and when the first of them expires (null: none). */
export interface LinkUsage {
  links: number;
  bytes: number;
  firstExpiry: Date | null;
}

/** All SQL of the stored report PDFs. */
@Injectable()
export class ReportLinksRepository {
  constructor(private readonly db: DataSource) {}

  /** Stores the PDF and returns when its link expires (database clock, like the lookups). */
  async save(link: NewReportLink): Promise<Date> {
    const [row] = await this.db.query<Array<{ expires_at: Date }>>(
      `INSERT INTO parcel.report_links (token_hash, owner, parcel_id, scenario, language, filename, pdf, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       RETURNING expires_at`,
      [link.tokenHash, link.owner, link.parcelId, link.scenario, link.language, link.filename, link.pdf, link.ttlSeconds],
    );
    if (!row) throw new Error('report link was not stored');
    return new Date(row.expires_at);
  }

  /** The live links of one key (the index on owner and expiry; octet_length reads a stored PDF's size without its bytes). */
  async usage(owner: string): Promise<LinkUsage> {
    const [row] = await this.db.query<Array<{ links: number; bytes: string; first_expiry: Date | null }>>(
      `SELECT count(*)::int AS links, coalesce(sum(octet_length(pdf)), 0)::bigint AS bytes, min(expires_at) AS first_expiry
       FROM parcel.report_links WHERE owner = $1 AND expires_at > now()`,
      [owner],
    );
    return { links: row?.links ?? 0, bytes: Number(row?.bytes ?? 0), firstExpiry: row?.first_expiry ? new Date(row.first_expiry) : null };
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
