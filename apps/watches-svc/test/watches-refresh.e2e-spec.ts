import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LAYER_REFRESHED_SUBJECT,
  type CreatedWatchView,
  type LayerRefreshedEvent,
  type SearchParcelsRequest,
  type WatchEventPageView,
  type WatchEventView,
} from '@lp/contracts';
import { eventually, refreshLayer, startTestStack, testEnvironment, writeLayerSource, type TestStack } from '@lp/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature.js';
import { Receiver } from './webhook-receiver.js';

const POZNAN = '3064011';
/** Ostróda rural: local-plan boundaries without zones and no general plan, so zoning cannot be proven anywhere. */
const OSTRODA_RURAL = '2815092';
/** Untouched by both refreshes of this file. */
const UNTOUCHED = '0664011';
const NEAR_M = 150;

/**
 * Watches end to end on the small demo: the real gateway, search-svc, watches-svc, layer-svc's
 * refresh CLI publishing events.layer.refreshed on a real NATS, and a real HTTP receiver. Every
 * event's parcels are checked against the raw layers with plain PostGIS.
 */
describe('watches after a layer refresh: events in the feed and signed webhooks', () => {
  let stack: TestStack;
  const receiver = new Receiver();
  let hook: string;
  let newSubstation: { lng: number; lat: number };
  const watches: Record<'near' | 'coverage' | 'untouched', CreatedWatchView> = {} as never;

  const createWatch = async (search: SearchParcelsRequest): Promise<CreatedWatchView> => {
    const res = await stack.api().post<CreatedWatchView>('/v1/watches', { key: stack.apiKey, body: { search, webhook_url: hook } });
    expect(res.status).toBe(201);
    return res.json();
  };
  const feed = async (watchId: string): Promise<WatchEventView[]> => {
    const events: WatchEventView[] = [];
    let cursor: string | null = null;
    do {
      const page: WatchEventPageView = (
        await stack.api().get<WatchEventPageView>(`/v1/watches/${watchId}/events?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { key: stack.apiKey })
      ).json();
      events.push(...page.events);
      cursor = page.next_cursor;
    } while (cursor !== null);
    return events;
  };
  const deliveredTo = (watchId: string) => receiver.received.filter((r) => (JSON.parse(r.body) as WatchEventView).watch_id === watchId);

  beforeAll(async () => {
    hook = `${await receiver.start()}/hook`;
    // The first two deliveries are refused: the events must come again, with the same ids.
    receiver.answer = (count, res) => res.writeHead(count <= 2 ? 500 : 204).end();
    stack = await startTestStack({
      template: 'demo',
      services: ['search-svc', 'watches-svc'],
      serviceEnv: {
        'watches-svc': {
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
          WEBHOOK_ALLOW_HTTP: 'true',
          WEBHOOK_POLL_MS: '100',
          WEBHOOK_RETRY_BASE_MS: '200',
          EVENT_RETRY_SECONDS: '1',
        },
        'search-svc': { EVENT_RETRY_SECONDS: '1' },
      },
    });
    // search-svc builds its index at start: searches answer 503 until then.
    await eventually(
      async () => expect((await stack.api().post('/v1/search/parcels', { key: stack.apiKey, body: { region: POZNAN, limit: 1 } })).status).toBe(200),
      120_000,
    );
    // The Poznań parcel farthest from any substation: a new substation there changes who is near one.
    const [far] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(g) AS lng, ST_Y(g) AS lat FROM (
         SELECT ST_Transform(ST_PointOnSurface(p.geom), 4326) AS g, (SELECT min(ST_Distance(s.geom, p.geom)) FROM layer_pub.power_substations s) AS d
         FROM layer_pub.parcels p WHERE p.teryt = $1 ORDER BY d DESC, p.id LIMIT 1) f`,
      [POZNAN],
    );
    newSubstation = far!;
    const box = `${(far!.lng - 0.006).toFixed(5)},${(far!.lat - 0.004).toFixed(5)},${(far!.lng + 0.006).toFixed(5)},${(far!.lat + 0.004).toFixed(5)}`;
    watches.near = await createWatch({ bbox: box, filters: { near: [{ layer: 'power_substations', within_m: NEAR_M }] } });
    watches.coverage = await createWatch({ region: OSTRODA_RURAL, filters: { zoning: { buildable: true } } });
    watches.untouched = await createWatch({
      region: UNTOUCHED,
      filters: { zoning: { buildable: true }, near: [{ layer: 'power_substations', within_m: 20_000 }] },
    });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
  });

  it('a new substation makes parcels enter the near-substation watch: each one now matches and did not before (PostGIS), delivered signed', async () => {
    const sources = testEnvironment().demoSourcesDir!;
    const existing = readFileSync(join(sources, 'power_substations.geojsonl'), 'utf8').trimEnd();
    const added = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [newSubstation.lng, newSubstation.lat] },
      properties: { id: 'test-watch-substation', kind: 'hv_substation', name: 'Test 110 kV', teryt: null, voltage_kv: 110, voltages: '110' },
    };
    await refreshLayer(stack.db.url, 'power_substations', writeLayerSource('power_substations', `${existing}\n${JSON.stringify(added)}\n`, null), {
      natsUrl: stack.nats.url,
    });

    const events = await (async () => {
      let found: WatchEventView[] = [];
      await eventually(async () => {
        found = await feed(watches.near.id);
        expect(found.length).toBeGreaterThan(0);
      }, 120_000);
      return found;
    })();
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['entered']));
    const entered = events.map((e) => e.parcel_id!);
    const version = (await stack.sql<{ version: number }>(`SELECT version FROM layer_pub.layer_versions WHERE layer_id = 'power_substations'`))[0]!.version;
    for (const event of events)
      expect(event).toMatchObject({
        criterion: `near:power_substations`,
        layer_versions: { power_substations: version },
        before: { matches: false },
        after: { matches: true },
      });
    // Raw layers: within NEAR_M of the new substation, and of no other one.
    const wrong = await stack.sql<{ id: string }>(
      `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND (
         NOT EXISTS (SELECT 1 FROM layer_pub.power_substations s WHERE s.id = 'test-watch-substation' AND ST_DWithin(s.geom, p.geom, $2))
         OR EXISTS (SELECT 1 FROM layer_pub.power_substations s WHERE s.id <> 'test-watch-substation' AND ST_DWithin(s.geom, p.geom, $2)))`,
      [entered, NEAR_M],
    );
    expect(wrong).toEqual([]);
    // And every parcel that newly qualifies around it entered (the parcels of the box reach well beyond NEAR_M).
    const expected = await stack.sql<{ id: string }>(
      `SELECT p.id FROM layer_pub.parcels p JOIN layer_pub.power_substations s ON s.id = 'test-watch-substation' AND ST_DWithin(s.geom, p.geom, $1)
       WHERE NOT EXISTS (SELECT 1 FROM layer_pub.power_substations o WHERE o.id <> 'test-watch-substation' AND ST_DWithin(o.geom, p.geom, $1)) ORDER BY p.id`,
      [NEAR_M],
    );
    expect([...entered].sort()).toEqual(expected.map((row) => row.id));

    // Webhooks: every event, signed with the secret shown at creation; the two refused deliveries came again with the same id.
    await eventually(
      async () => expect(new Set(deliveredTo(watches.near.id).map((r) => r.headers['webhook-id']))).toEqual(new Set(events.map((e) => e.id))),
      30_000,
    );
    for (const delivery of deliveredTo(watches.near.id)) {
      expect(
        verifyWebhookSignature(
          watches.near.webhook_secret!,
          String(delivery.headers['webhook-timestamp']),
          delivery.body,
          String(delivery.headers['webhook-signature']),
        ),
      ).toBe(true);
    }
    // the retries come after their back-off: wait for them as for the first deliveries
    const refused = receiver.received.slice(0, 2).map((r) => r.headers['webhook-id']);
    await eventually(async () => {
      for (const id of refused) expect(receiver.received.filter((r) => r.headers['webhook-id'] === id).length).toBeGreaterThanOrEqual(2);
    }, 30_000);
    // The feed holds the same events, in the order they were found.
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort());
  }, 240_000);

  it('a general plan in force where zoning could not be proven gives coverage events, never silent matches', async () => {
    const sources = testEnvironment().demoSourcesDir!;
    const [gmina] = await stack.sql<{ geometry: string }>(
      `SELECT ST_AsGeoJSON(ST_Transform(geom, 4326), 7) AS geometry FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND id = $1`,
      [OSTRODA_RURAL],
    );
    const zone = {
      type: 'Feature',
      geometry: JSON.parse(gmina!.geometry),
      properties: {
        id: `PL.ZIPPOG.1/${OSTRODA_RURAL}-POG/SJ`,
        kind: 'multifunctional_single_family',
        name: null,
        teryt: OSTRODA_RURAL,
        zone_symbol: 'SJ',
        zone_label: 'strefa wielofunkcyjna z zabudową mieszkaniową jednorodzinną',
        status: 'in_force',
        allows_building: true,
        plan_id: `PL.ZIPPOG.1/${OSTRODA_RURAL}-POG`,
        adopted_on: '2026-01-15',
        document_url: 'https://example.test/pog.pdf',
      },
    };
    const lines = `${readFileSync(join(sources, 'plan_ogolny_zones.geojsonl'), 'utf8').trimEnd()}\n${JSON.stringify(zone)}\n`;
    const covered: string[] = JSON.parse(readFileSync(join(sources, 'plan_ogolny_zones.coverage.json'), 'utf8')).gminas;
    await refreshLayer(stack.db.url, 'plan_ogolny_zones', writeLayerSource('plan_ogolny_zones', lines, [...covered, OSTRODA_RURAL].sort()), {
      natsUrl: stack.nats.url,
    });

    let events: WatchEventView[] = [];
    await eventually(async () => {
      events = await feed(watches.coverage.id);
      expect(events.length).toBeGreaterThan(1);
    }, 120_000);
    expect(events.some((e) => e.type === 'entered')).toBe(false);
    const gminaEvent = events.find((e) => e.parcel_id === null)!;
    expect(gminaEvent).toMatchObject({ type: 'coverage', criterion: 'zoning', before: { teryt: OSTRODA_RURAL, status: 'missing' } });
    expect(['partial', 'available']).toContain((gminaEvent.after as { status: string }).status);
    const parcels = events.filter((e) => e.parcel_id !== null);
    expect(parcels.every((e) => e.type === 'coverage' && e.criterion === 'zoning')).toBe(true);
    // Raw layers: each such parcel lies outside local plans (≥ 1 %) and under the general plan now in force.
    const wrong = await stack.sql<{ id: string }>(
      `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND (
         EXISTS (SELECT 1 FROM layer_pub.mpzp_plans m WHERE ST_Intersects(m.geom, p.geom) AND ST_Area(ST_Intersection(m.geom, p.geom)) >= 0.01 * ST_Area(p.geom))
         OR NOT EXISTS (SELECT 1 FROM layer_pub.plan_ogolny_zones z WHERE z.teryt = $2 AND z.status = 'in_force' AND ST_Intersects(z.geom, p.geom)))`,
      [parcels.map((e) => e.parcel_id), OSTRODA_RURAL],
    );
    expect(wrong).toEqual([]);
    expect(parcels.length).toBeGreaterThan(0);
  }, 240_000);

  it('stores a sentence as its interpretation, so the watch re-runs the search it meant when it was made', async () => {
    const query = 'farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV';
    const interpretation = (
      await stack.api().post<{ request: SearchParcelsRequest }>('/v1/search/natural-language/interpret', { key: stack.apiKey, body: { query } })
    ).json();
    const res = await stack.api().post<CreatedWatchView>('/v1/watches', { key: stack.apiKey, body: { query } });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'query', query, search: interpretation.request });
    expect(res.json().regions).toEqual(interpretation.request.region === undefined ? [] : [interpretation.request.region]);
  });

  it("counts what it did in watches-svc's metrics: events produced, deliveries by outcome, lag after each refresh", async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${stack.processes.get('watches-svc')!.opsPort}/metrics`)).text();
    const value = (series: string) =>
      Number(
        metrics
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.split(' ')[1] ?? NaN,
      );
    const [events] = await stack.sql<{ total: string; delivered: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE delivery = 'delivered') AS delivered FROM watches.events`,
    );
    expect(value('lp_watch_events_total')).toBe(Number(events!.total));
    expect(value('lp_watch_webhook_attempts_total{outcome="delivered"}')).toBe(Number(events!.delivered));
    // the receiver refused the first two deliveries
    expect(value('lp_watch_webhook_attempts_total{outcome="retry"}')).toBeGreaterThanOrEqual(2);
    // both refreshes re-evaluated their watches, each observed once (lag and duration)
    expect(value('lp_watch_reevaluation_lag_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(value('lp_watch_reevaluation_duration_seconds_count')).toBe(value('lp_watch_reevaluation_lag_seconds_count'));
    expect(value('lp_watches_reevaluated_total')).toBeGreaterThanOrEqual(2);
  });

  it('an event of a refresh made an hour before the watches, replayed from the stream, re-evaluates none of them', async () => {
    const metric = async (series: string): Promise<number> => {
      const text = await (await fetch(`http://127.0.0.1:${stack.processes.get('watches-svc')!.opsPort}/metrics`)).text();
      return Number(/^(\S+) (\S+)$/m.exec(text.split('\n').find((line) => line.startsWith(`${series} `)) ?? '')?.[2] ?? NaN);
    };
    const [index] = await stack.sql<{ version: number }>(
      `SELECT (b.versions->>'power_substations')::int AS version FROM search_pub.index_builds b WHERE b.teryt = $1`,
      [POZNAN],
    );
    const before = { reevaluated: await metric('lp_watches_reevaluated_total'), passes: await metric('lp_watch_reevaluation_duration_seconds_count') };
    const [events] = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM watches.events`);
    // the index already holds this version: the event is handled at once, as a replay is
    const replayed: LayerRefreshedEvent = {
      layer_id: 'power_substations',
      run_id: 'replayed-run',
      version: index!.version,
      refreshed_at: new Date(Date.now() - 3_600_000).toISOString(),
      teryt: [POZNAN],
    };
    const nats = await connect({ servers: stack.nats.url });
    await jetstream(nats).publish(LAYER_REFRESHED_SUBJECT, JSON.stringify(replayed), { msgID: `replayed-${Date.now()}` });
    await nats.drain();

    await eventually(async () => expect(await metric('lp_watch_reevaluation_duration_seconds_count')).toBeGreaterThan(before.passes), 60_000);
    expect(await metric('lp_watches_reevaluated_total')).toBe(before.reevaluated);
    const [after] = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM watches.events`);
    expect(after!.n).toBe(events!.n);
  });

  it('a watch in a gmina neither refresh touched gets nothing, in the feed or by webhook', async () => {
    expect(await feed(watches.untouched.id)).toEqual([]);
    expect(deliveredTo(watches.untouched.id)).toEqual([]);
  });
});
