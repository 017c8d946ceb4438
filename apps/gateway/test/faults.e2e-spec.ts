import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventually, refreshLayer, startTestStack, TcpProxy, testEnvironment, type TestStack, writeLayerSource } from '@lp/testing';

const PARCEL = '/v1/parcels/306401_1.0012.1';

/** Status codes of requests sent back to back by a few clients, with when each answered. */
class SteadyLoad {
  readonly answers: Array<{ at: number; status: number }> = [];
  /** The first body seen for each status other than 200, to tell what went wrong. */
  readonly samples = new Map<number, string>();
  private running = true;
  private readonly clients: Promise<void>[];

  constructor(stack: TestStack, key: string, paths: string[], concurrency = 4) {
    this.clients = Array.from({ length: concurrency }, async (_, index) => {
      for (let n = 0; this.running; n++) {
        const path = paths[(index + n) % paths.length]!;
        const status = await fetch(`${stack.gatewayUrls[0]}${path}`, { headers: { authorization: `Bearer ${key}` } }).then(
          async (res) => {
            const text = await res.text();
            if (res.status !== 200 && !this.samples.has(res.status)) this.samples.set(res.status, `${path}: ${text.slice(0, 300)}`);
            return res.status;
          },
          () => 0,
        );
        this.answers.push({ at: Date.now(), status });
      }
    });
  }

  /** Milliseconds from `since` until the first answer with this status (Infinity when none yet). */
  firstAfter(since: number, status: number): number {
    const hit = this.answers.find((answer) => answer.at >= since && answer.status === status);
    return hit ? hit.at - since : Infinity;
  }

  /** How many answers of each status since `since`. */
  histogram(since: number): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const answer of this.answers) if (answer.at >= since) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    return counts;
  }

  statusesAfter(since: number): Set<number> {
    return new Set(this.answers.filter((answer) => answer.at >= since).map((answer) => answer.status));
  }

  async waitFor(since: number, status: number, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const elapsed = this.firstAfter(since, status);
      if (elapsed !== Infinity) return elapsed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${status} within ${timeoutMs} ms after the fault; seen ${[...this.statusesAfter(since)].join(', ')}`);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.clients);
  }
}

/**
 * Fresh requests, one every 50 ms without waiting for each other, until one answers `status`;
 * the time from `since` until that answer. (A request already in flight when a service dies
 * waits for its deadline: only new requests can be told at once.)
 */
async function probeUntil(stack: TestStack, key: string, status: number, since: number, timeoutMs: number): Promise<number> {
  let answeredAt: number | undefined;
  const inFlight: Promise<void>[] = [];
  while (answeredAt === undefined && Date.now() - since < timeoutMs) {
    inFlight.push(
      fetch(`${stack.gatewayUrls[0]}${PARCEL}`, { headers: { authorization: `Bearer ${key}` } }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === status) answeredAt ??= Date.now();
        },
        () => undefined,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all(inFlight);
  if (answeredAt === undefined) throw new Error(`no ${status} within ${timeoutMs} ms`);
  return answeredAt - since;
}

/**
 * The fault suite: what callers see while a dependency fails, and that everything comes back
 * without restarting the apps. PostgreSQL is shared by the test files, so its "restart" is a
 * proxy this file controls dropping every connection and refusing new ones. Figures are printed.
 */
describe('faults under steady load', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  let key: string;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    const admin = new URL(testEnvironment().adminUrl);
    proxy = await TcpProxy.start(admin.hostname, Number(admin.port));
    stack = await startTestStack({ services: ['parcel-svc'], gatewayEnv: { RPC_TIMEOUT_MS: '5000' }, appDatabaseUrl: (url) => proxy.rewrite(url) });
    key = await stack.createKey(['parcels:read'], { rateLimitPerMinute: 1_000_000 });
  }, 180_000);
  afterAll(async () => {
    console.log(`fault suite figures (ms unless said): ${JSON.stringify(figures)}`);
    await stack?.stop();
    await proxy?.down();
  });

  it('answers 503 within a second of a service being killed, and 200 again once it is back', async () => {
    const load = new SteadyLoad(stack, key, [PARCEL]);
    try {
      await load.waitFor(Date.now(), 200, 5000);
      const killedAt = Date.now();
      stack.processes.get('parcel-svc')!.child.kill('SIGKILL');
      // Requests in flight at the kill wait for their deadline (504); a request sent after it is 503 at once.
      figures['service_killed_time_to_503'] = await probeUntil(stack, key, 503, killedAt, 3000);
      const restartAt = Date.now();
      await stack.startService('parcel-svc');
      figures['service_restart_to_ready'] = Date.now() - restartAt;
      const readyAt = Date.now();
      figures['service_ready_to_200'] = await load.waitFor(readyAt, 200, 5000);
      // In flight at the kill: 504 at the deadline; nothing else but 503 and 200.
      expect([...load.statusesAfter(killedAt)].filter((status) => ![200, 503, 504].includes(status))).toEqual([]);
      // Promised: 503 within about a second (the figure is printed above; 300-700 ms on an idle
      // machine). Bounded at 2 s here because it also measures how soon a loaded 2-core machine
      // reaps the killed process and NATS drops its subscription (1.07-1.46 s measured at load 16+);
      // what must never happen is waiting for the 5 s deadline (504).
      expect(figures['service_killed_time_to_503']).toBeLessThan(2000);
    } finally {
      await load.stop();
    }
  }, 120_000);

  it('answers 503 at once while NATS restarts, and 200 within seconds of it being back, without restarting the apps', async () => {
    const load = new SteadyLoad(stack, key, [PARCEL]);
    try {
      await load.waitFor(Date.now(), 200, 5000);
      const downAt = Date.now();
      await stack.nats.restart(500);
      const upAt = Date.now();
      figures['nats_restart_to_200'] = await load.waitFor(upAt, 200, 15_000);
      const statuses = [...load.statusesAfter(downAt)];
      console.log(`NATS restart: ${JSON.stringify(load.histogram(downAt))} ${JSON.stringify([...load.samples])}`);
      // A reply can no longer arrive once the connection drops, so nothing waits for its deadline:
      // no 504, only 503 (retry) until the apps are connected again. Measured: 0.7 s from the
      // server being back to the first 200 (it was 14.5 s, two deadlines and the rate-limit
      // bucket's reopening, before calls and bucket operations gave up at the disconnect).
      expect(statuses.filter((status) => ![200, 503].includes(status))).toEqual([]);
      expect(figures['nats_restart_to_200']).toBeLessThan(5000);
    } finally {
      await load.stop();
    }
    // Steady again soon (JetStream recovers its streams after a restart): every request answers.
    await eventually(async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => stack.api().get(PARCEL, { key })));
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    }, 15_000);
  }, 60_000);

  it('answers 503, never 500, while PostgreSQL is away, and recovers when it is back', async () => {
    const load = new SteadyLoad(stack, key, [PARCEL]);
    try {
      await load.waitFor(Date.now(), 200, 5000);
      const downAt = Date.now();
      await proxy.down();
      figures['postgres_down_time_to_503'] = await load.waitFor(downAt, 503, 5000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const upAt = Date.now();
      await proxy.up();
      figures['postgres_up_to_200'] = await load.waitFor(upAt, 200, 10_000);
      const statuses = [...load.statusesAfter(downAt)];
      figures['postgres_outage_answers'] = load.answers.filter((answer) => answer.at >= downAt && answer.at < upAt).length;
      expect(statuses.filter((status) => ![200, 503, 504].includes(status))).toEqual([]);
      expect(figures['postgres_down_time_to_503']).toBeLessThan(1000);
    } finally {
      await load.stop();
    }
  }, 60_000);

  it('answers 503, not 500, when the rate-limit store is unavailable, and counts again after', async () => {
    const nats = await connect({ servers: stack.nats.url });
    try {
      expect((await stack.api().get(PARCEL, { key })).status).toBe(200);
      await (await jetstreamManager(nats)).streams.delete('KV_gateway_rate_limits');
      // A key this busy may hold units booked ahead (a lease of at most LEASE_MS, 250 ms): those
      // are spent without the store, so the store's absence shows once they run out.
      let res = await stack.api().get<{ error: { code: string; message: string } }>(PARCEL, { key });
      const deleted = Date.now();
      while (res.status === 200 && Date.now() - deleted < 1000) res = await stack.api().get<{ error: { code: string; message: string } }>(PARCEL, { key });
      expect(res.status).toBe(503);
      expect(res.json().error.code).toBe('service_unavailable');
      expect(res.json().error.message).toMatch(/rate-limit store/);
      // The gateway opens the bucket again by itself.
      const since = Date.now();
      let status = 0;
      while (status !== 200 && Date.now() - since < 5000) status = (await stack.api().get(PARCEL, { key })).status;
      figures['rate_limit_store_recovery'] = Date.now() - since;
      expect(status).toBe(200);
      expect((await stack.api().get(PARCEL, { key })).header('x-ratelimit-remaining')).toBeDefined();
    } finally {
      await nats.close();
    }
  }, 30_000);

  it('serves every read while the parcels layer is swapped by a refresh', async () => {
    const [{ run: before }] = await stack.sql<{ run: string }>(`SELECT max(source_run_id) AS run FROM layer_pub.parcels`);
    const lines = (
      await stack.sql<{ line: string }>(
        `SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(geom, 4326), 7)::json,
                  'properties', attrs || jsonb_build_object('id', id, 'kind', kind, 'name', name, 'teryt', teryt))::text AS line
         FROM layer_pub.parcels ORDER BY id`,
      )
    ).map((row) => row.line);
    const [point] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(c) AS lng, ST_Y(c) AS lat FROM (SELECT ST_Transform(ST_PointOnSurface(geom), 4326) AS c FROM layer_pub.parcels WHERE id = '306401_1.0012.1') p`,
    );
    const at = `/v1/parcels/at?lng=${point!.lng.toFixed(6)}&lat=${point!.lat.toFixed(6)}`;
    const paths = [PARCEL, '/v1/parcels/306401_1.0012.AR_3.47%2F2', at, '/v1/parcels/autocomplete?q=306401_1.0012.1'];
    const load = new SteadyLoad(stack, key, paths);
    let startedAt = 0;
    try {
      await load.waitFor(Date.now(), 200, 5000);
      startedAt = Date.now();
      await refreshLayer(stack.db.url, 'parcels', writeLayerSource('parcels', `${lines.join('\n')}\n`, null), { natsUrl: stack.nats.url });
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await load.stop();
    }
    const during = load.answers.filter((answer) => answer.at >= startedAt);
    figures['swap_reads'] = during.length;
    figures['swap_failed_reads'] = during.filter((answer) => answer.status !== 200).length;
    console.log(`layer swap: ${JSON.stringify(load.histogram(startedAt))} ${JSON.stringify([...load.samples])}`);
    const [{ run: after }] = await stack.sql<{ run: string }>(`SELECT max(source_run_id) AS run FROM layer_pub.parcels`);
    expect(after).not.toBe(before);
    expect(during.length).toBeGreaterThan(20);
    expect(figures['swap_failed_reads']).toBe(0);
  }, 90_000);
});
