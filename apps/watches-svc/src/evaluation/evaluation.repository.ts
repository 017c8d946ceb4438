import { Injectable } from '@nestjs/common';
import type { SearchParcelsRequest } from '@lp/contracts';
import { DataSource } from 'typeorm';
import type { CoverageByCriterion, NewEvent } from './answer-diff.js';

/** A watch as re-evaluation needs it. */
export interface WatchToEvaluate {
  id: string;
  search: SearchParcelsRequest | null;
  parcel_ids: string[] | null;
  regions: string[];
  has_webhook: boolean;
  /** gmina (or '*') -> criterion -> status */
  coverage: Record<string, CoverageByCriterion>;
}

export interface AnswerRow {
  parcel_id: string;
  teryt: string;
  /** A watched parcel's facts ({} while it is not in the register); {} for a search's match. */
  facts?: Record<string, unknown>;
}

/** What one evaluation writes, all at once. */
export interface EvaluationWrite {
  watchId: string;
  /** The gminas whose stored answer is replaced. */
  gminas: string[];
  answers: AnswerRow[];
  coverage: Record<string, CoverageByCriterion>;
  events: NewEvent[];
  layerVersions: Record<string, number>;
  hasWebhook: boolean;
}

/** The prefixes (2, 4 and 7 digits) of gminas: a watch on any of them covers the gmina. */
export function regionPrefixes(gminas: readonly string[]): string[] {
  return [...new Set(gminas.flatMap((teryt) => [teryt.slice(0, 2), teryt.slice(0, 4), teryt]))].sort();
}

/** All SQL of re-evaluation. */
@Injectable()
export class EvaluationRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The watches a refresh in the gminas can have changed: those whose regions overlap the gminas (GIN
   * index on regions) and those of all of Poland. `recordedBefore`: only watches made before
   * that time (null: every one); a watch made later recorded its first answer from data that already
   * held the change.
   */
  async watchesOverlapping(gminas: readonly string[], recordedBefore: string | null): Promise<WatchToEvaluate[]> {
    return this.db.query(
      `SELECT w.id, w.search, w.parcel_ids, w.regions, w.webhook_url IS NOT NULL AS has_webhook, w.coverage
       FROM watches.watches w
       WHERE (w.regions && $1::text[] OR w.regions = '{}')
         AND ($2::timestamptz IS NULL OR w.created_at < $2::timestamptz)
       ORDER BY w.id`,
      [regionPrefixes(gminas), recordedBefore],
    );
  }

  /** The stored answers of several watches in the gminas, by watch (one statement for a whole refresh). */
  async answersOf(watchIds: readonly string[], gminas: readonly string[]): Promise<Map<string, AnswerRow[]>> {
    const rows: Array<AnswerRow & { watch_id: string }> = await this.db.query(
      `SELECT a.watch_id, a.parcel_id, a.teryt FROM watches.answers a WHERE a.watch_id = ANY($1::text[]) AND a.teryt = ANY($2::text[])`,
      [watchIds, gminas],
    );
    const byWatch = new Map<string, AnswerRow[]>();
    for (const { watch_id: watchId, ...row } of rows) {
      const list = byWatch.get(watchId) ?? [];
      list.push(row);
      byWatch.set(watchId, list);
    }
    return byWatch;
  }

  async answersIn(watchId: string, gminas: readonly string[]): Promise<AnswerRow[]> {
    return this.db.query(`SELECT a.parcel_id, a.teryt, a.facts FROM watches.answers a WHERE a.watch_id = $1 AND a.teryt = ANY($2::text[])`, [watchId, gminas]);
  }

  /** The compared facts of parcels in the register (layer_pub.parcels); an id not there is absent. */
  async parcelFacts(ids: readonly string[]): Promise<Map<string, { area_sqm: number }>> {
    const rows: Array<{ id: string; area_sqm: number }> = await this.db.query(`SELECT p.id, p.area_sqm FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])`, [
      ids,
    ]);
    return new Map(rows.map((row) => [row.id, { area_sqm: row.area_sqm }]));
  }

  /**
   * Per gmina, the layer versions the search index reflects (search_pub.index_builds), for the
   * gminas asked; a gmina without a build is absent.
   */
  async indexVersions(gminas: readonly string[]): Promise<Map<string, Record<string, number>>> {
    const rows: Array<{ teryt: string; versions: Record<string, number> }> = await this.db.query(
      `SELECT b.teryt, b.versions FROM search_pub.index_builds b WHERE b.teryt = ANY($1::text[])`,
      [gminas],
    );
    return new Map(rows.map((row) => [row.teryt, row.versions]));
  }

  /** Whether any index build records a version of the layer (else the index does not use it). */
  async indexTracksLayer(layerId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM search_pub.index_builds b WHERE b.versions ? $1 LIMIT 1`, [layerId]);
    return rows.length > 0;
  }

  /** Replaces the answer in the gminas, merges the coverage and appends the events, in one transaction. */
  async write(write: EvaluationWrite): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM watches.answers WHERE watch_id = $1 AND teryt = ANY($2::text[])`, [write.watchId, write.gminas]);
      if (write.answers.length > 0) {
        await tx.query(
          `INSERT INTO watches.answers (watch_id, parcel_id, teryt, facts)
           SELECT $1, a.parcel_id, a.teryt, COALESCE(a.facts, '{}') FROM jsonb_to_recordset($2::jsonb) AS a(parcel_id text, teryt text, facts jsonb)
           ON CONFLICT (watch_id, parcel_id) DO UPDATE SET teryt = EXCLUDED.teryt, facts = EXCLUDED.facts`,
          [write.watchId, JSON.stringify(write.answers)],
        );
      }
      await tx.query(`UPDATE watches.watches SET coverage = coverage || $2::jsonb WHERE id = $1`, [write.watchId, JSON.stringify(write.coverage)]);
      if (write.events.length > 0) {
        await tx.query(
          `INSERT INTO watches.events (watch_id, type, parcel_id, criterion, before, after, layer_versions, delivery, next_attempt_at)
           SELECT $1, e.type, e.parcel_id, e.criterion, e.before, e.after, $3::jsonb,
                  CASE WHEN $4::boolean THEN 'pending' ELSE 'none' END, CASE WHEN $4::boolean THEN now() END
           FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (type text, parcel_id text, criterion text, before jsonb, after jsonb)) WITH ORDINALITY AS e(type, parcel_id, criterion, before, after, n)
           ORDER BY e.n`,
          [write.watchId, JSON.stringify(write.events), JSON.stringify(write.layerVersions), write.hasWebhook],
        );
      }
    });
  }
}
