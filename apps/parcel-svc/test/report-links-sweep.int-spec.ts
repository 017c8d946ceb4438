import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import { DataSource } from 'typeorm';
import { ReportLinksRepository } from '../src/report/link/report-links.repository.js';

/**
 * The sweep of expired report links says how many it removed: the figure parcel-svc logs is the
 * number of rows gone from parcel.report_links, counted here with plain SQL.
 */
describe('sweeping expired report links', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let repository: ReportLinksRepository;

  /** Stores a link with a token of `seed`, expired or live. */
  const store = (seed: number, expired: boolean) =>
    db.sql(
      `INSERT INTO parcel.report_links (token_hash, parcel_id, scenario, language, filename, pdf, expires_at)
       VALUES ($1, '306401_1.0012.3', NULL, 'pl', 'raport.pdf', '\\x25504446'::bytea, now() + make_interval(secs => $2))`,
      [Buffer.alloc(32, seed), expired ? -60 : 3600],
    );
  const stored = async (): Promise<number> => Number((await db.sql<{ n: string }>(`SELECT count(*) AS n FROM parcel.report_links`))[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase();
    // As parcel-svc connects: its own role and TypeORM, whose query() answers a DELETE differently from a SELECT.
    dataSource = await new DataSource({ type: 'postgres', url: db.urlAs('parcel_svc') }).initialize();
    repository = new ReportLinksRepository(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('returns the number of expired links removed (0, 1, 3), keeping the live ones', async () => {
    const live = await stored();
    expect(await repository.deleteExpired()).toBe(0);
    await store(1, true);
    await store(2, false);
    expect(await repository.deleteExpired()).toBe(1);
    expect(await stored()).toBe(live + 1);
    for (const seed of [3, 4, 5]) await store(seed, true);
    expect(await repository.deleteExpired()).toBe(3);
    expect(await stored()).toBe(live + 1);
  });
});
