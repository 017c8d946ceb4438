import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedWatchView, SearchParcelsRequest } from '@lp/contracts';
import { ALL_SCOPES, eventually, refreshLayer, startTestStack, testEnvironment, writeLayerSource, type TestStack } from '@lp/testing';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Receiver } from './webhook-receiver.js';

/**
 * npm run bench:watches: 10,000 watches stored, 1 % of them in one powiat; a refresh of
 * power_substations adds a substation in every gmina of that powiat; the time from the refresh's
 * event to the last webhook a local HTTP receiver gets, and what re-evaluating one watch costs
 * next to running its search plainly in PostgreSQL (a spatial join on the published layers, no
 * search index). A benchmark, not a test: it runs only under npm run bench:watches (which sets
 * LP_BENCH_WATCHES), on a private stack with the demo data, as the e2e tests do, and prints figures.
 *
 * Environment: BENCH_WATCHES (10000), BENCH_OVERLAPPING_PERCENT (1).
 */
const run = process.env['LP_BENCH_WATCHES'] === '1' ? describe : describe.skip;
const TOTAL = Number(process.env['BENCH_WATCHES'] ?? 10_000);
const OVERLAPPING = Math.max(1, Math.round((TOTAL * Number(process.env['BENCH_OVERLAPPING_PERCENT'] ?? 1)) / 100));
const SUBSTATION_PREFIX = 'bench-watch-substation-';
/** Distances and areas the overlapping watches' searches vary over, so no two are alike. */
const WITHIN_M = [150, 300, 500, 800, 1200, 2000, 3000, 5000];
const AREA_MIN = [0, 500, 1000, 2000, 5000];

interface BenchWatch {
  search: SearchParcelsRequest & { region: string };
  withinM: number;
  areaMin: number;
}

/** The plain PostgreSQL form of a bench watch's search in one gmina: the published layers, a spatial join, no search index. */
const PLAIN_SQL = `SELECT p.id FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND p.area_sqm >= $2
    AND EXISTS (SELECT 1 FROM layer_pub.power_substations s WHERE ST_DWithin(s.geom, p.geom, $3))
  ORDER BY p.id LIMIT 200`;

const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

run('bench: watches re-evaluated after a refresh of one powiat', () => {
  let stack: TestStack;
  const receiver = new Receiver();
  let hook: string;
  let powiat: string;
  let gminas: string[];
  const overlapping: BenchWatch[] = [];

  const metric = async (name: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${stack.processes.get('watches-svc')!.opsPort}/metrics`)).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return line === undefined ? 0 : Number(line.split(' ')[1]);
  };

  beforeAll(async () => {
    hook = `${await receiver.start()}/hook`;
    stack = await startTestStack({
      template: 'demo',
      services: ['search-svc', 'watches-svc'],
      serviceEnv: {
        'watches-svc': {
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
          WEBHOOK_ALLOW_HTTP: 'true',
          WEBHOOK_POLL_MS: '100',
          EVENT_RETRY_SECONDS: '1',
          WATCHES_PER_KEY_MAX: String(TOTAL),
        },
        'search-svc': { EVENT_RETRY_SECONDS: '1' },
      },
    });
    await eventually(
      async () => expect((await stack.api().post('/v1/search/parcels', { key: stack.apiKey, body: { region: '3064011', limit: 1 } })).status).toBe(200),
      180_000,
    );
    // The powiat of the demo with the most gminas holding parcels: the refresh touches all of them.
    const [chosen] = await stack.sql<{ powiat: string; gminas: string[] }>(
      `SELECT left(teryt, 4) AS powiat, array_agg(DISTINCT teryt ORDER BY teryt) AS gminas FROM layer_pub.parcels
       GROUP BY 1 ORDER BY count(DISTINCT teryt) DESC, 1 LIMIT 1`,
    );
    powiat = chosen!.powiat;
    gminas = chosen!.gminas;
  }, 600_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
  });

  it('prints the lag to the last webhook and the cost per watch against the plain search', async () => {
    const key = await stack.createKey(ALL_SCOPES, { rateLimitPerMinute: 1_000_000 });
    // The overlapping watches through the API (each records its first answer as a real watch does).
    const setupStarted = performance.now();
    for (let index = 0; index < OVERLAPPING; index++) {
      const region = index % 3 === 0 ? powiat : gminas[index % gminas.length]!;
      const withinM = WITHIN_M[index % WITHIN_M.length]!;
      const areaMin = AREA_MIN[Math.floor(index / WITHIN_M.length) % AREA_MIN.length]!;
      const search = { region, filters: { area_sqm: { min: areaMin }, near: [{ layer: 'power_substations', within_m: withinM }] } } as BenchWatch['search'];
      const res = await stack.api().post<CreatedWatchView>('/v1/watches', { key, body: { name: `bench ${index}`, search, webhook_url: hook } });
      expect(res.status).toBe(201);
      overlapping.push({ search, withinM, areaMin });
    }
    const createMs = (performance.now() - setupStarted) / OVERLAPPING;
    // The rest straight into the table: searches elsewhere (other voivodeships), never re-evaluated by this refresh.
    const voivodeships = ['02', '04', '06', '08', '10', '12', '14', '16', '18', '20', '22', '24', '26', '28', '30', '32'].filter(
      (code) => code !== powiat.slice(0, 2),
    );
    await stack.sql(
      `INSERT INTO watches.watches (id, owner, name, kind, search, regions, webhook_url, webhook_secret)
       SELECT 'w_' || lpad(to_hex(n), 20, '0'), 'bench-elsewhere', 'elsewhere ' || n, 'search',
              jsonb_build_object('region', r.teryt, 'filters', jsonb_build_object('near', jsonb_build_array(jsonb_build_object('layer', 'power_substations', 'within_m', 500)))),
              ARRAY[r.teryt], $3, 'whsec_bench'
       FROM generate_series(1, $1::int) n
       CROSS JOIN LATERAL (SELECT ($2::text[])[n % cardinality($2::text[]) + 1] || lpad((n % 60 + 1)::text, 2, '0') || lpad((n % 20 + 1)::text, 2, '0') || '1' AS teryt) r`,
      [TOTAL - OVERLAPPING, voivodeships, hook],
    );
    const [stored] = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM watches.watches`);
    expect(Number(stored!.n)).toBe(TOTAL);
    await stack.sql(`ANALYZE watches.watches`);

    // One new substation inside every gmina of the powiat.
    const points = await stack.sql<{ teryt: string; lng: number; lat: number }>(
      `SELECT a.id AS teryt, ST_X(g) AS lng, ST_Y(g) AS lat FROM layer_pub.admin_bounds a
       CROSS JOIN LATERAL (SELECT ST_Transform(ST_PointOnSurface(a.geom), 4326) AS g) c
       WHERE a.kind = 'gmina' AND a.id = ANY($1::text[])`,
      [gminas],
    );
    const sources = testEnvironment().demoSourcesDir!;
    const existing = readFileSync(join(sources, 'power_substations.geojsonl'), 'utf8').trimEnd();
    const added = points.map((point) =>
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
        properties: {
          id: `${SUBSTATION_PREFIX}${point.teryt}`,
          kind: 'hv_substation',
          name: 'Bench 110 kV',
          teryt: point.teryt,
          voltage_kv: 110,
          voltages: '110',
        },
      }),
    );
    const reevaluatedBefore = await metric('lp_watches_reevaluated_total');
    const passesBefore = await metric('lp_watch_reevaluation_duration_seconds_count');
    const refreshStarted = performance.now();
    await refreshLayer(stack.db.url, 'power_substations', writeLayerSource('power_substations', `${existing}\n${added.join('\n')}\n`, null), {
      natsUrl: stack.nats.url,
    });
    // The CLI publishes the event as its last step: its exit is the event's time (an upper bound).
    const eventAt = performance.now();
    const eventAtWall = Date.now();
    // A pass over the refresh's watches that ended (one that failed part-way is handed back and counts only when it ends).
    await eventually(async () => expect(await metric('lp_watch_reevaluation_duration_seconds_count')).toBeGreaterThan(passesBefore), 600_000);
    const evaluatedAt = performance.now();
    let events = 0;
    await eventually(async () => {
      const [state] = await stack.sql<{ total: string; open: string }>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE delivery = 'pending') AS open FROM watches.events`,
      );
      events = Number(state!.total);
      // new substations in every gmina of the powiat bring parcels near one: events there must be
      expect(events).toBeGreaterThan(0);
      expect(Number(state!.open)).toBe(0);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(events);
    }, 600_000);
    const lastDelivery = Math.max(...receiver.received.map((r) => r.at));
    const evaluationS = await metric('lp_watch_reevaluation_duration_seconds_sum');
    const [touched] = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM search_pub.index_builds b WHERE b.teryt = ANY($1::text[])`, [gminas]);

    // The same searches plainly in PostgreSQL, once per touched gmina of each watch's region, as re-evaluation runs them.
    const plainStarted = performance.now();
    let plainRuns = 0;
    for (const watch of overlapping) {
      for (const gmina of gminas.filter((teryt) => teryt.startsWith(watch.search.region))) {
        await stack.sql(PLAIN_SQL, [gmina, watch.areaMin, watch.withinM]);
        plainRuns++;
      }
    }
    const plainMs = performance.now() - plainStarted;

    const perWatchMs = (evaluationS * 1000) / OVERLAPPING;
    const plainPerWatchMs = plainMs / OVERLAPPING;
    say('');
    say(
      `bench:watches — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${TOTAL} watches stored, ${OVERLAPPING} in powiat ${powiat} (${gminas.length} gminas, ${touched!.n} indexed)`,
    );
    const reevaluated = (await metric('lp_watches_reevaluated_total')) - reevaluatedBefore;
    say(
      `refresh: power_substations, ${points.length} substations added (one per gmina of the powiat); ${events} events, ${receiver.received.length} webhook requests, ${reevaluated} watch re-evaluations`,
    );
    say(`| figure | value |`);
    say(`|---|---|`);
    say(`| refresh event → last webhook delivered | ${ms(lastDelivery - eventAtWall)} |`);
    say(`| refresh event → re-evaluation done (search index wait included) | ${ms(evaluatedAt - eventAt)} |`);
    say(`| re-evaluation of the ${OVERLAPPING} watches (no index wait) | ${ms(evaluationS * 1000)} |`);
    say(`| per watch re-evaluated | ${ms(perWatchMs)} |`);
    say(`| same search plainly in PostgreSQL, per watch (${plainRuns} runs) | ${ms(plainPerWatchMs)} |`);
    say(`| ratio re-evaluation / plain PostgreSQL | ${(perWatchMs / plainPerWatchMs).toFixed(2)}× |`);
    say(`| the refresh itself (layers CLI, for scale) | ${ms(eventAt - refreshStarted)} |`);
    say(`| creating a watch through the API (first answer recorded) | ${ms(createMs)} |`);
    say(`event at ${new Date(eventAtWall).toISOString()}`);
  }, 3_600_000);
});
