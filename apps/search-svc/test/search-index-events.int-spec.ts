import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SearchSubjects, type SearchResponseView } from '@lp/contracts';
import { NatsRpcClient, type RunningService } from '@lp/messaging';
import { loadEnv } from '@lp/runtime';
import { createTestDatabase, eventually, refreshLayer, startNatsServer, testEnvironment, writeLayerSource, type TestDatabase, type TestNatsServer } from '@lp/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SearchSvcEnv } from '../src/config/search-svc.env.js';
import { startSearchSvc } from '../src/search-svc.app.js';

/**
 * search-svc keeps its search index in step with the layers: it builds every gmina at start, and
 * a refresh rebuilds the gminas the changed features can reach while the others are only marked
 * current. Real PostGIS, NATS, layer-svc's refresh pipeline and the running service.
 */
describe('search index on layer refreshes', () => {
  let db: TestDatabase;
  let nats: TestNatsServer;
  let sql: pg.Client;
  let service: RunningService;
  let client: NatsRpcClient;

  const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T> => (await sql.query<T>(text, params)).rows[0]!;

  beforeAll(async () => {
    [db, nats] = await Promise.all([createTestDatabase('demo'), startNatsServer()]);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    service = await startSearchSvc(loadEnv(SearchSvcEnv, { DATABASE_URL: db.url, NATS_URL: nats.url, LOG_LEVEL: 'warn', DB_POOL_SIZE: '4' }));
    client = await NatsRpcClient.connect(nats.url, 'search-index-test');
    const { n } = await one<{ n: number }>(`SELECT count(DISTINCT teryt)::int AS n FROM layer_pub.parcels`);
    await eventually(async () => expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM search.index_builds`)).n).toBe(n), 240_000);
  }, 300_000);
  afterAll(async () => {
    await client?.close();
    await service?.close();
    await sql?.end();
    await db?.drop();
  });

  it('indexes every parcel once', async () => {
    const counts = await one<{ parcels: number; indexed: number; outlines: number }>(
      `SELECT (SELECT count(*)::int FROM layer_pub.parcels) AS parcels, (SELECT count(*)::int FROM search.parcel_index) AS indexed,
              (SELECT count(*)::int FROM search.parcel_geometry) AS outlines`,
    );
    expect(counts.indexed).toBe(counts.parcels);
    expect(counts.outlines).toBe(counts.parcels);
  });

  it('a new transit stop reaches the index of its gmina, and a gmina out of reach is only marked current', async () => {
    const target = await one<{ parcel_id: string; teryt: string; point: string }>(
      `SELECT i.parcel_id, i.teryt, ST_AsGeoJSON(ST_Transform(ST_PointOnSurface(g.geom), 4326), 7) AS point
       FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id)
       WHERE i.transit_m > 0 ORDER BY i.transit_m DESC, i.parcel_id LIMIT 1`,
    );
    const far = await one<{ teryt: string; built_at: Date }>(
      `SELECT b.teryt, b.built_at FROM search.index_builds b
       JOIN layer_pub.admin_bounds g ON g.kind = 'gmina' AND g.id = b.teryt
       JOIN layer_pub.admin_bounds t ON t.kind = 'gmina' AND t.id = $1
       WHERE NOT ST_DWithin(g.geom, t.geom, 60000) ORDER BY b.teryt LIMIT 1`,
      [target.teryt],
    );
    const source = join(testEnvironment().demoSourcesDir!, 'transport_stops.geojsonl');
    const stop = { type: 'Feature', geometry: JSON.parse(target.point), properties: { id: 'bus-test-1', kind: 'bus', name: 'Test stop', teryt: target.teryt } };
    await refreshLayer(db.url, 'transport_stops', writeLayerSource('transport_stops', `${readFileSync(source, 'utf8').trimEnd()}\n${JSON.stringify(stop)}\n`, null), { natsUrl: nats.url });
    const { version } = await one<{ version: number }>(`SELECT version FROM layer_pub.layer_versions WHERE layer_id = 'transport_stops'`);

    await eventually(async () => {
      const row = await one<{ transit_m: number; transit_name: string }>(`SELECT transit_m, transit_name FROM search.parcel_index WHERE parcel_id = $1`, [target.parcel_id]);
      expect(row).toEqual({ transit_m: 0, transit_name: 'Test stop' });
    }, 120_000);
    await eventually(async () => {
      const build = await one<{ built_at: Date; version: number }>(`SELECT built_at, (versions->>'transport_stops')::int AS version FROM search.index_builds WHERE teryt = $1`, [far.teryt]);
      expect(build).toEqual({ built_at: far.built_at, version });
    }, 60_000);

    const response = await client.callRaw<SearchResponseView>(
      SearchSubjects.parcelsRun,
      { region: target.teryt, filters: { near: [{ layer: 'transport_stops', within_m: 0 }] }, limit: 200 },
      { requestId: 'search-index-test', timeoutMs: 20_000 },
    );
    expect(response.results.map((r) => r.parcel_id)).toContain(target.parcel_id);
  });
});
