import { Injectable } from '@nestjs/common';
import type { WatchEventView } from '@lp/contracts';
import { DataSource } from 'typeorm';

/** Event ids are the feed's sequence numbers, written so they sort and never collide with a watch id. */
export const EVENT_COLUMNS = `'we_' || lpad(e.seq::text, 12, '0') AS id, e.watch_id, e.type, e.parcel_id, e.criterion, e.before, e.after,
  e.layer_versions, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, e.delivery`;

export interface EventPageRow extends WatchEventView {
  seq: string;
}

/** All SQL of the event feed. */
@Injectable()
export class WatchEventsRepository {
  constructor(private readonly db: DataSource) {}

  /** Up to `limit` events of the watch after sequence `afterSeq`, oldest first. */
  async pageAfter(watchId: string, afterSeq: string, limit: number): Promise<EventPageRow[]> {
    return this.db.query(
      `SELECT e.seq::text AS seq, ${EVENT_COLUMNS}
       FROM watches.events e
       WHERE e.watch_id = $1 AND e.seq > $2::bigint
       ORDER BY e.seq
       LIMIT $3`,
      [watchId, afterSeq, limit],
    );
  }
}
