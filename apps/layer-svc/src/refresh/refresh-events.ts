import { ensureEventsStream } from '@lp/messaging';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';

/**
 * Publishes events written to `layer.outbox` in the swap transaction. Each carries a message id, so
 * a retry after a crash between publish and mark is dropped by JetStream's duplicate window.
 *
 * Each event also gets the primary's WAL position read as it is published (`primary_lsn`): the
 * swap that wrote the row has committed by then, so its commit lies at or before that position,
 * and a service reading from a replica knows how far the replica must have replayed to serve the
 * new version (LagTolerantReads of @lp/db).
 */
export class OutboxPublisher {
  private js?: JetStreamClient;

  constructor(
    private readonly db: DataSource,
    private readonly nats: NatsConnection,
    /** NATS_STREAM_REPLICAS: copies of the events stream when this publisher creates it. */
    private readonly streamReplicas: number,
  ) {}

  async publishPending(): Promise<number> {
    if (!this.js) {
      await ensureEventsStream(this.nats, this.streamReplicas);
      this.js = jetstream(this.nats);
    }
    let published = 0;
    for (;;) {
      const batch = await this.db.transaction(async (manager) => {
        const rows: Array<{ id: string; subject: string; payload: Record<string, unknown>; primary_lsn: string }> = await manager.query(
          `SELECT id, subject, payload, pg_current_wal_lsn()::text AS primary_lsn FROM layer.outbox WHERE published_at IS NULL ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) {
          await this.js!.publish(row.subject, JSON.stringify({ ...row.payload, primary_lsn: row.primary_lsn }), { msgID: `layer-outbox-${row.id}` });
          await manager.query(`UPDATE layer.outbox SET published_at = now() WHERE id = $1`, [row.id]);
        }
        return rows.length;
      });
      published += batch;
      if (batch < 50) return published;
    }
  }
}
