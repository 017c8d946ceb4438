import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watches and their events. A watch belongs to one API key (`owner`, the key's id) and covers
 * `regions` (TERYT prefixes of 2, 4 or 7 digits; empty = all of Poland): a refresh is matched to
 * watches by the prefixes of the gminas it touched, through the GIN index, so only overlapping
 * watches are re-evaluated. `answers` holds each watch's last known answer (per parcel: in the
 * result set or watched, its facts), the "before" of the next re-evaluation. Events are numbered
 * by `seq` (the feed's order and cursor); their delivery state is the webhook's outbox.
 */
export class Watches1765000000000 implements MigrationInterface {
  name = 'Watches1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE watches.watches (
        id             text PRIMARY KEY CHECK (id ~ '^w_[0-9a-f]{20}$'),
        owner          text NOT NULL,
        name           text,
        kind           text NOT NULL CHECK (kind IN ('search', 'scenario', 'query', 'parcel_ids')),
        search         jsonb,
        scenario       jsonb,
        query          text,
        parcel_ids     text[],
        regions        text[] NOT NULL DEFAULT '{}' CHECK (array_position(regions, NULL) IS NULL),
        webhook_url    text,
        webhook_secret text,
        -- criterion -> coverage status per gmina ('*': the whole region, from the first evaluation)
        coverage       jsonb NOT NULL DEFAULT '{}',
        created_at     timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'parcel_ids') = (parcel_ids IS NOT NULL)),
        CHECK ((kind = 'parcel_ids') = (search IS NULL)),
        CHECK ((webhook_url IS NULL) = (webhook_secret IS NULL))
      )`);
    await q.query(`CREATE INDEX watches_owner_idx ON watches.watches (owner, created_at, id)`);
    await q.query(`CREATE INDEX watches_regions_idx ON watches.watches USING gin (regions)`);
    await q.query(`
      CREATE TABLE watches.answers (
        watch_id  text NOT NULL REFERENCES watches.watches (id) ON DELETE CASCADE,
        parcel_id text NOT NULL,
        teryt     text NOT NULL,
        facts     jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (watch_id, parcel_id)
      )`);
    await q.query(`CREATE INDEX answers_gmina_idx ON watches.answers (watch_id, teryt)`);
    await q.query(`
      CREATE TABLE watches.events (
        seq             bigserial PRIMARY KEY,
        watch_id        text NOT NULL REFERENCES watches.watches (id) ON DELETE CASCADE,
        type            text NOT NULL CHECK (type IN ('entered', 'left', 'facts_changed', 'coverage')),
        parcel_id       text,
        criterion       text,
        before          jsonb,
        after           jsonb,
        layer_versions  jsonb NOT NULL DEFAULT '{}',
        created_at      timestamptz NOT NULL DEFAULT now(),
        delivery        text NOT NULL CHECK (delivery IN ('none', 'pending', 'delivered', 'failed')),
        attempts        integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_error      text
      )`);
    await q.query(`CREATE INDEX events_watch_seq_idx ON watches.events (watch_id, seq)`);
    await q.query(`CREATE INDEX events_due_idx ON watches.events (next_attempt_at) WHERE delivery = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS watches.events`);
    await q.query(`DROP TABLE IF EXISTS watches.answers`);
    await q.query(`DROP TABLE IF EXISTS watches.watches`);
  }
}
