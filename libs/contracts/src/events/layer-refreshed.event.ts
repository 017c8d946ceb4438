/** JetStream stream holding every `events.>` subject. */
export const EVENTS_STREAM = 'EVENTS';

/** Published by layer-svc after each successful refresh; derived read models rebuild from it. */
export const LAYER_REFRESHED_SUBJECT = 'events.layer.refreshed';

export interface LayerRefreshedEvent {
  layer_id: string;
  run_id: string;
  /** Served version after the refresh. */
  version: number;
  refreshed_at: string;
  /** 7-digit gmina codes whose features or coverage changed. */
  teryt: string[];
  /**
   * The primary's WAL position (`pg_current_wal_lsn()`) when the event was published, after the
   * swap committed: a read replica that has replayed up to it serves the new version. Added by
   * layer-svc's outbox publisher; absent in events published before it did.
   */
  primary_lsn?: string;
}
