import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type RegionView } from '@lp/contracts';
import { NatsRpcClient, type RunningService } from '@lp/messaging';
import { loadEnv } from '@lp/runtime';
import { createTestDatabase, startNatsServer, type TestDatabase, type TestNatsServer } from '@lp/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { GeocodeSvcEnv } from '../src/config/geocode-svc.env.js';
import { LAYER_EVENTS_CONSUMER } from '../src/events/layer-events.consumer.js';
import { startGeocodeSvc } from '../src/geocode-svc.app.js';
import { ADMIN_SOURCE, adminSourceWith, eventually, refreshLayer, substationsSource } from './layer-sources.js';

describe('geocode-svc regions over NATS against PostGIS', () => {
  let db: TestDatabase;
  let nats: TestNatsServer;
  let service: RunningService;
  let client: NatsRpcClient;

  const find = (q: unknown, limit?: unknown): Promise<RegionView[]> =>
    client.callRaw<RegionView[]>('geocode.regions.find', limit === undefined ? { q } : { q, limit }, { requestId: 'int-test', timeoutMs: 5000 });
  const teryts = async (q: string, limit?: number): Promise<string[]> => (await find(q, limit)).map((region) => region.teryt);
  const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> => db.sql<T>(text, params);
  const lastBuild = async () => (await sql<{ run_id: string; unit_count: number; rebuilt_at: Date }>(`SELECT run_id, unit_count, rebuilt_at FROM geocode.admin_units_source`))[0];
  const consumerInfo = async () => (await jetstreamManager(client.nats)).consumers.info('EVENTS', LAYER_EVENTS_CONSUMER);

  beforeAll(async () => {
    [db, nats] = await Promise.all([createTestDatabase(), startNatsServer()]);
    // Loaded before the service starts and without NATS: no event, so only the start-up build sees it.
    await refreshLayer(db.url, 'admin_bounds', ADMIN_SOURCE);
    service = await startGeocodeSvc(loadEnv(GeocodeSvcEnv, { DATABASE_URL: db.url, NATS_URL: nats.url, LOG_LEVEL: 'fatal', DB_POOL_SIZE: '3', EVENT_RETRY_SECONDS: '1' }));
    client = await NatsRpcClient.connect(nats.url, 'int-test');
  });
  afterAll(async () => {
    await client?.close();
    await service?.close();
    await nats?.stop();
    await db?.drop();
  });

  it('builds the read model at start-up from the admin bounds layer-svc serves, with parents in words', async () => {
    const served = (await sql<{ run_id: string }>(`SELECT run_id FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds'`))[0]!;
    expect(await lastBuild()).toMatchObject({ run_id: served.run_id, unit_count: 32 });
    const units = await sql(`SELECT teryt, level, unit_type, parent_label, name_folded FROM geocode.admin_units WHERE teryt IN ('2815011', '1261') ORDER BY teryt`);
    expect(units).toEqual([
      { teryt: '1261', level: 'powiat', unit_type: 'miasto na prawach powiatu', parent_label: 'małopolskie', name_folded: 'powiat krakow' },
      { teryt: '2815011', level: 'gmina', unit_type: 'gmina miejska', parent_label: 'powiat ostródzki, warmińsko-mazurskie', name_folded: 'ostroda' },
    ]);
  });

  it('finds Kraków without diacritics: exact names first (powiat before gmina), then names with a word starting so', async () => {
    expect(await teryts('krakow')).toEqual(['1261', '1261011', '1206']);
    expect(await teryts('KRAKÓW')).toEqual(['1261', '1261011', '1206']);
    const [, gmina] = await find('krakow');
    expect(gmina).toEqual({
      teryt: '1261011',
      name: 'Kraków',
      unit_type: 'gmina miejska',
      level: 'gmina',
      parent: 'powiat Kraków, małopolskie',
      parent_teryt: '1261',
      label: 'Kraków — gmina miejska, powiat Kraków, małopolskie',
      layers_available: ['admin_bounds'],
      layers_partial: [],
    });
  });

  it('tells same-named gminas apart by unit type and parent', async () => {
    const ostroda = await find('ostroda');
    expect(ostroda.slice(0, 2).map((region) => [region.teryt, region.unit_type, region.parent])).toEqual([
      ['2815011', 'gmina miejska', 'powiat ostródzki, warmińsko-mazurskie'],
      ['2815092', 'gmina wiejska', 'powiat ostródzki, warmińsko-mazurskie'],
    ]);
    const olsztyn = await find('olsztyn');
    expect(olsztyn.map((region) => [region.teryt, region.parent])).toEqual([
      ['2862', 'warmińsko-mazurskie'],
      ['2404123', 'powiat częstochowski, śląskie'],
      ['2862011', 'powiat Olsztyn, warmińsko-mazurskie'],
    ]);
  });

  it('matches the beginning of any word of the name', async () => {
    // Zielonki comes last as a close spelling (trigram word similarity), after both prefix matches.
    expect(await teryts('zielona g')).toEqual(['0862', '0862011', '1206172']);
    expect(await teryts('gora')).toEqual(['0862', '0862011']);
    expect(await teryts('Nowe Miasto')).toEqual(['1420083', '2812011']);
    expect(await teryts('warminsko')).toEqual(['28']);
  });

  it('finds inflected names by their stem, ranked after literal matches of the same kind', async () => {
    expect(await teryts('krakowie')).toEqual(['1261', '1261011', '1206']);
    expect(await teryts('poznaniu')).toEqual(['3064', '3064011', '3021']);
    expect(await teryts('gdańska')).toEqual(['2261', '2261011']);
    expect(await teryts('olsztynem')).toEqual(['2862', '2404123', '2862011']);
  });

  it('restricts the level or the unit type by a leading unit word', async () => {
    expect(await teryts('gmina krakow')).toEqual(['1261011']);
    expect(await teryts('pow. krakow')).toEqual(['1261', '1206']);
    expect(await teryts('powiat krakowski')).toEqual(['1206', '1261']);
    expect(await teryts('woj. małopolskie')).toEqual(['12']);
    expect(await teryts('miasto ostróda')).toEqual(['2815011']);
    expect(await teryts('gmina wiejska ostroda')).toEqual(['2815092']);
  });

  it('finds exactly the unit of a TERYT code of 2, 4 or 7 digits, and nothing for an unknown code', async () => {
    expect(await teryts('2815011')).toEqual(['2815011']);
    expect(await teryts('1261')).toEqual(['1261']);
    expect(await teryts(' 28 ')).toEqual(['28']);
    expect(await teryts('9999999')).toEqual([]);
  });

  it('forgives a typo through trigram similarity, after every better match', async () => {
    expect(await teryts('krakw')).toEqual(expect.arrayContaining(['1261011']));
    // Equally close spellings: powiats before the gmina, as for every tie.
    expect(await teryts('poznn')).toEqual(['3064', '3021', '3064011']);
  });

  it('returns at most limit units, 10 by default', async () => {
    expect(await teryts('p', 3)).toEqual(['22', '2404', '2261']);
    expect(await find('p')).toHaveLength(10);
    expect(await find('p', 50)).toHaveLength(13);
  });

  it('refuses a missing, empty, too long or unsearchable q and a limit out of 1..50 as invalid_request', async () => {
    for (const [q, limit] of [[undefined, undefined], ['', undefined], ['x'.repeat(101), undefined], [' ,.-', undefined], ['krakow', 0], ['krakow', 51], ['krakow', 2.5], ['krakow', '5']] as const) {
      const error = await find(q, limit).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid_request');
    }
  });

  it('reports coverage per unit: layers_available where a layer covers all of it, layers_partial where it covers some', async () => {
    await refreshLayer(db.url, 'power_substations', substationsSource(['1261011', '2815011']));
    const [krakow] = await find('gmina krakow');
    expect(krakow!.layers_available).toEqual(['admin_bounds', 'power_substations']);
    const [ostrodzki] = await find('powiat ostrodzki');
    expect(ostrodzki!.layers_available).toEqual(['admin_bounds']);
    expect(ostrodzki!.layers_partial).toEqual(['power_substations']);
    const rural = (await find('gmina wiejska ostroda'))[0]!;
    expect(rural.layers_available).toEqual(['admin_bounds']);
    expect(rural.layers_partial).toEqual([]);
  });

  it('rebuilds on events.layer.refreshed for admin_bounds through its durable consumer and acknowledges it', async () => {
    expect(await teryts('lukta')).toEqual([]);
    await refreshLayer(db.url, 'admin_bounds', adminSourceWith({ teryt: '2815042', name: 'Łukta', lng: 20.1, lat: 53.8 }), { natsUrl: nats.url });
    await eventually(async () => expect(await teryts('lukta')).toEqual(['2815042']));
    const served = (await sql<{ run_id: string }>(`SELECT run_id FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds'`))[0]!;
    expect(await lastBuild()).toMatchObject({ run_id: served.run_id, unit_count: 33 });
    await eventually(async () => expect(await consumerInfo()).toMatchObject({ num_ack_pending: 0, num_pending: 0 }));
    expect((await consumerInfo()).config).toMatchObject({ durable_name: 'geocode-svc', ack_policy: 'explicit', filter_subject: 'events.layer.refreshed' });
  });

  it('acknowledges events of other layers without rebuilding', async () => {
    const before = await lastBuild();
    await refreshLayer(db.url, 'power_substations', substationsSource(['1261011']), { natsUrl: nats.url, allowShrink: true });
    await eventually(async () => expect(await consumerInfo()).toMatchObject({ num_ack_pending: 0, num_pending: 0 }));
    expect(await lastBuild()).toEqual(before);
    expect((await find('powiat ostrodzki'))[0]!.layers_partial).toEqual([]);
  });

  it('keeps the old model and takes the event again when a rebuild fails, until it succeeds', async () => {
    const before = await lastBuild();
    await sql(`ALTER TABLE geocode.admin_units RENAME TO admin_units_away`);
    try {
      await refreshLayer(db.url, 'admin_bounds', adminSourceWith({ teryt: '2815052', name: 'Małdyty', lng: 19.75, lat: 53.9 }), { natsUrl: nats.url });
      await eventually(async () => expect((await consumerInfo()).num_redelivered).toBeGreaterThanOrEqual(1));
      expect(await lastBuild()).toEqual(before);
    } finally {
      await sql(`ALTER TABLE geocode.admin_units_away RENAME TO admin_units`);
    }
    await eventually(async () => expect(await teryts('maldyty')).toEqual(['2815052']));
    expect((await lastBuild())!.unit_count).toBe(33);
    await eventually(async () => expect(await consumerInfo()).toMatchObject({ num_ack_pending: 0, num_pending: 0 }));
  });

  it('serves its readiness on the ops port and counts the handled subject', async () => {
    const res = await fetch(`http://127.0.0.1:${service.opsPort}/readyz`);
    expect(await res.json()).toEqual({ status: 'ok', checks: { shutdown: 'ok', nats: 'ok', database: 'ok' } }); // shutdown: not draining for a rollout
    const metrics = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
    expect(metrics).toContain('lp_rpc_handler_duration_seconds_count{subject="geocode.regions.find",outcome="ok"}');
  });
});
