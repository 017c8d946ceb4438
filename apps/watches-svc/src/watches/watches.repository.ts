import { Injectable } from '@nestjs/common';
import type { SearchParcelsRequest, WatchKind, WatchView } from '@lp/contracts';
import { DataSource } from 'typeorm';

/** A watch as it is stored: the view's fields and the webhook secret, which only deliveries read. */
export interface NewWatch {
  id: string;
  owner: string;
  name: string | null;
  kind: WatchKind;
  search: SearchParcelsRequest | null;
  scenario: Record<string, unknown> | null;
  query: string | null;
  parcelIds: string[] | null;
  regions: string[];
  webhookUrl: string | null;
  webhookSecret: string | null;
}

/** The view's columns; delivery counts come from the events' outbox. */
const WATCH_COLUMNS = `w.id, w.name, w.kind, w.search, w.scenario, w.query, w.parcel_ids, w.regions, w.webhook_url,
  to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  CASE WHEN w.webhook_url IS NULL THEN NULL ELSE json_build_object(
    'pending', (SELECT count(*)::int FROM watches.events e WHERE e.watch_id = w.id AND e.delivery = 'pending'),
    'failed', (SELECT count(*)::int FROM watches.events e WHERE e.watch_id = w.id AND e.delivery = 'failed'),
    'last_error', (SELECT e.last_error FROM watches.events e WHERE e.watch_id = w.id AND e.last_error IS NOT NULL ORDER BY e.seq DESC LIMIT 1)) END AS delivery`;

/** All SQL of the watches themselves. Touches only the watches schema (and layer_pub for a bbox's gminas). */
@Injectable()
export class WatchesRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores the watch unless its owner already holds `maxPerOwner`; the count and the insert are one
   * statement under an advisory lock on the owner, so two concurrent requests cannot both pass.
   * Returns false when the limit refused it.
   */
  async insertWithinLimit(watch: NewWatch, maxPerOwner: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('watches.owner:' || $1))`, [watch.owner]);
      const rows: Array<{ id: string }> = await tx.query(
        `INSERT INTO watches.watches (id, owner, name, kind, search, scenario, query, parcel_ids, regions, webhook_url, webhook_secret)
         SELECT $1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8::text[], $9::text[], $10, $11
         WHERE (SELECT count(*) FROM watches.watches WHERE owner = $2) < $12
         RETURNING id`,
        [
          watch.id,
          watch.owner,
          watch.name,
          watch.kind,
          watch.search === null ? null : JSON.stringify(watch.search),
          watch.scenario === null ? null : JSON.stringify(watch.scenario),
          watch.query,
          watch.parcelIds,
          watch.regions,
          watch.webhookUrl,
          watch.webhookSecret,
          maxPerOwner,
        ],
      );
      return rows.length === 1;
    });
  }

  async listByOwner(owner: string): Promise<WatchView[]> {
    return this.db.query(`SELECT ${WATCH_COLUMNS} FROM watches.watches w WHERE w.owner = $1 ORDER BY w.created_at, w.id`, [owner]);
  }

  /** The owner's watch, or null (another key's watch is as absent as a missing one). */
  async findOwned(owner: string, id: string): Promise<WatchView | null> {
    const rows: WatchView[] = await this.db.query(`SELECT ${WATCH_COLUMNS} FROM watches.watches w WHERE w.owner = $1 AND w.id = $2`, [owner, id]);
    return rows[0] ?? null;
  }

  /** Deletes the owner's watch with its answers and events; false when there was none. */
  async deleteOwned(owner: string, id: string): Promise<boolean> {
    // For DELETE ... RETURNING, TypeORM's postgres driver answers [rows, affectedCount].
    const [, affected]: [unknown[], number] = await this.db.query(`DELETE FROM watches.watches WHERE owner = $1 AND id = $2 RETURNING id`, [owner, id]);
    return affected === 1;
  }

  /** 7-digit codes of the gminas a WGS84 box overlaps (a bbox search's region). */
  async gminasInBbox(minLng: number, minLat: number, maxLng: number, maxLat: number): Promise<string[]> {
    const rows: Array<{ teryt: string }> = await this.db.query(
      `SELECT g.id AS teryt FROM layer_pub.admin_bounds g
       WHERE g.kind = 'gmina' AND ST_Intersects(g.geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180))
       ORDER BY g.id`,
      [minLng, minLat, maxLng, maxLat],
    );
    return rows.map((row) => row.teryt);
  }
}
