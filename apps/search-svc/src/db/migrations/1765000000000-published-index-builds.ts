import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `search_pub.index_builds`: per gmina, the layer versions its search index build reflects. Watches
 * (watches-svc) re-run searches after a layer refresh; they read this to wait until the index has
 * caught up with the refresh, instead of comparing two answers of the same stale index. Its columns
 * are a contract like a message.
 */
export class PublishedIndexBuilds1765000000000 implements MigrationInterface {
  name = 'PublishedIndexBuilds1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE VIEW search_pub.index_builds AS SELECT b.teryt, b.versions, b.built_at FROM search.index_builds b`);
    await q.query(
      `COMMENT ON VIEW search_pub.index_builds IS 'Per gmina (teryt), the layer versions (layer id -> version) its search index build reflects. Published by search-svc; stable columns.'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS search_pub.index_builds`);
  }
}
