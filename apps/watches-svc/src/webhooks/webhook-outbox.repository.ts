import { Injectable } from '@nestjs/common';
import type { WatchEventView } from '@lp/contracts';
import { DataSource } from 'typeorm';
import { EVENT_COLUMNS } from '../events/watch-events.repository.js';

/** A delivery that is due: the event as the feed shows it, where it goes and how it is signed. */
export interface DueDelivery {
  seq: string;
  event: WatchEventView;
  url: string;
  secret: string;
  attempts: number;
  /** Seconds since the event was found (the give-up clock). */
  age_s: number;
}

/** All SQL of the webhook outbox (the delivery columns of watches.events). */
@Injectable()
export class WebhookOutboxRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Claims up to `limit` due deliveries, oldest first, by moving their next attempt `leaseMs` ahead
   * in the same statement: another replica skips the locked rows and then finds them not due, so
   * one event is sent by one replica at a time. A replica that dies mid-send loses only its lease.
   */
  async claimDue(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    return this.db.query(
      `WITH due AS (
         SELECT e.seq FROM watches.events e
         WHERE e.delivery = 'pending' AND e.next_attempt_at <= now()
         ORDER BY e.next_attempt_at, e.seq
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE watches.events e SET next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
         FROM due WHERE e.seq = due.seq
         RETURNING e.*
       )
       SELECT e.seq::text AS seq, e.attempts, extract(epoch FROM now() - e.created_at)::float8 AS age_s,
              w.webhook_url AS url, w.webhook_secret AS secret, row_to_json(v) AS event
       FROM claimed e
       JOIN watches.watches w ON w.id = e.watch_id
       CROSS JOIN LATERAL (SELECT ${EVENT_COLUMNS}) v
       ORDER BY e.seq`,
      [limit, leaseMs],
    );
  }

  async markDelivered(seq: string): Promise<void> {
    await this.db.query(`UPDATE watches.events SET delivery = 'delivered', attempts = attempts + 1, next_attempt_at = NULL, last_error = NULL WHERE seq = $1`, [
      seq,
    ]);
  }

  async markRetry(seq: string, delayMs: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE watches.events SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000), last_error = $3 WHERE seq = $1`,
      [seq, delayMs, error],
    );
  }

  async markFailed(seq: string, error: string): Promise<void> {
    await this.db.query(`UPDATE watches.events SET delivery = 'failed', attempts = attempts + 1, next_attempt_at = NULL, last_error = $2 WHERE seq = $1`, [
      seq,
      error,
    ]);
  }
}
