import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WatchesSubjects, type CreatedWatchView, type WatchEventPageView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { WatchesSvcEnv } from '../src/config/watches-svc.env.js';
import { LayerEventsConsumer } from '../src/evaluation/layer-events.consumer.js';
import { startWatchesSvc } from '../src/watches-svc.app.js';

/**
 * A parcel watch across a refresh of the parcels layer: the parcel register is changed in the
 * test's own database (one parcel merged away, one redrawn) and the refresh event handed to the
 * service's consumer, as the durable consumer would hand it after layer-svc's refresh.
 */
describe('watches-svc: a watch on parcels after a parcels refresh', () => {
  let svc: ServiceUnderTest;
  let parcels: Array<{ id: string; teryt: string; area_sqm: number }>;
  let watch: CreatedWatchView;
  let untouched: CreatedWatchView;

  beforeAll(async () => {
    svc = await startServiceUnderTest((env) => startWatchesSvc(loadEnv(WatchesSvcEnv, { ...env, LOG_LEVEL: 'error', DB_POOL_SIZE: '2' })), {
      role: 'watches_svc',
    });
    parcels = await svc.sql(`SELECT id, teryt, area_sqm FROM layer_pub.parcels ORDER BY id LIMIT 3`);
    watch = await svc.call<CreatedWatchView>(WatchesSubjects.create, { owner: 'key-parcels', parcel_ids: parcels.map((p) => p.id) });
    // A watch on a parcel id of another gmina: the refresh below does not name it.
    untouched = await svc.call<CreatedWatchView>(WatchesSubjects.create, { owner: 'key-parcels', parcel_ids: ['022301_1.0001.1'] });
  });
  afterAll(() => svc?.stop());

  it('reports the parcel merged away and the redrawn one, with the refresh version, and nothing for the unchanged one', async () => {
    const [gone, redrawn] = parcels as [(typeof parcels)[0], (typeof parcels)[0]];
    // The served version's table behind layer_pub.parcels (layer-svc swaps versions under the view).
    const [view] = await svc.sql<{ definition: string }>(`SELECT pg_get_viewdef('layer_pub.parcels'::regclass) AS definition`);
    const table = /FROM (layer\.f_parcels__\d+)/.exec(view!.definition)![1]!;
    await svc.sql(`DELETE FROM ${table} WHERE ext_id = $1`, [gone.id]);
    await svc.sql(`UPDATE ${table} SET attrs = jsonb_set(attrs, '{area_sqm}', to_jsonb((attrs->>'area_sqm')::float8 + 100)) WHERE ext_id = $1`, [redrawn.id]);
    const consumer = (svc.service as unknown as { app: { get<T>(type: new (...args: never[]) => T): T } }).app.get(LayerEventsConsumer);
    await consumer.handle({ layer_id: 'parcels', run_id: 'test-run', version: 7, refreshed_at: new Date().toISOString(), teryt: [gone.teryt] });

    const page = await svc.call<WatchEventPageView>(WatchesSubjects.eventsList, { owner: 'key-parcels', id: watch.id });
    const after = (await svc.sql<{ area_sqm: number }>(`SELECT area_sqm FROM layer_pub.parcels WHERE id = $1`, [redrawn.id]))[0]!;
    expect(page.events.map((e) => [e.type, e.parcel_id, e.criterion, e.before, e.after, e.layer_versions])).toEqual(
      [
        ['facts_changed', gone.id, 'parcel', { exists: true, area_sqm: gone.area_sqm }, { exists: false }, { parcels: 7 }],
        ['facts_changed', redrawn.id, 'area', { area_sqm: redrawn.area_sqm }, { area_sqm: after.area_sqm }, { parcels: 7 }],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect((await svc.call<WatchEventPageView>(WatchesSubjects.eventsList, { owner: 'key-parcels', id: untouched.id })).events).toEqual([]);

    // Handled again (a redelivery): the stored facts are the new ones, so nothing is reported twice.
    await consumer.handle({ layer_id: 'parcels', run_id: 'test-run', version: 7, refreshed_at: new Date().toISOString(), teryt: [gone.teryt] });
    expect((await svc.call<WatchEventPageView>(WatchesSubjects.eventsList, { owner: 'key-parcels', id: watch.id })).events).toHaveLength(2);
  });
});
