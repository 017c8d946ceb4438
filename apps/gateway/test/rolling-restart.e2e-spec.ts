import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AppProcess, startAppProcess, startTestStack, type TestStack } from '@lp/testing';

const PARCEL = '/v1/parcels/306401_1.0012.1';
const REPLICAS = 3;
const CLIENTS = 4;

/** Requests parcel.get a replica answered, from its own /metrics (read before it stops). */
async function handledBy(replica: AppProcess): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${replica.opsPort}/metrics`)).text();
  return [...text.matchAll(/^lp_rpc_handler_duration_seconds_count\{[^}]*subject="parcel\.get"[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/**
 * A rolling restart as Kubernetes does it (maxSurge 1, maxUnavailable 0): under steady load, each
 * of three parcel-svc replicas in one queue group is replaced in turn — the new one is started and
 * ready, then the old one gets SIGTERM, leaves the queue group, finishes its requests and exits.
 * Not one GET may fail, and every replica must have served its share.
 */
describe('rolling restart of parcel-svc under load', () => {
  let stack: TestStack;
  let key: string;
  const replicas: AppProcess[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ services: [], gatewayEnv: { RPC_TIMEOUT_MS: '10000' } });
    key = await stack.createKey(['parcels:read'], { rateLimitPerMinute: 10_000_000 });
    for (let index = 0; index < REPLICAS; index++) replicas.push(await startReplica());
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await stack?.stop();
  });

  // The facts builder is off: this test is about serving, not about three replicas building facts at once.
  const startReplica = (): Promise<AppProcess> => startAppProcess('parcel-svc', { ...stack.baseEnv(), FACTS_BUILDER: 'off', LOG_LEVEL: 'log' });

  it('loses no GET and spreads them over the replicas', async () => {
    const statuses = new Map<number, number>();
    let running = true;
    const client = async (): Promise<void> => {
      while (running) {
        const status = await fetch(`${stack.gatewayUrls[0]}${PARCEL}`, { headers: { authorization: `Bearer ${key}` } }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));
    const served: Array<{ replica: string; requests: number }> = [];
    const shutdowns: Array<{ exitCode: number | null; ms: number }> = [];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await pause(1500);
      for (let index = 0; index < REPLICAS; index++) {
        const old = replicas[index] as AppProcess;
        replicas[index] = await startReplica();
        await pause(500);
        const requests = await handledBy(old);
        const started = Date.now();
        const exited = new Promise<number | null>((resolve) => old.child.once('exit', (code) => resolve(code)));
        old.child.kill('SIGTERM');
        const exitCode = await exited;
        shutdowns.push({ exitCode, ms: Date.now() - started });
        // Requests it answered between the metrics read and its exit are not counted: a lower bound.
        served.push({ replica: `old-${index} (pid ${old.child.pid})`, requests });
        expect(old.output()).toMatch(/"service stopped"/);
      }
      await pause(1500);
    } finally {
      running = false;
      await load;
    }
    for (const [index, replica] of replicas.entries()) served.push({ replica: `new-${index} (pid ${replica.child.pid})`, requests: await handledBy(replica) });

    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const failed = total - (statuses.get(200) ?? 0);
    console.log(
      `rolling restart of ${REPLICAS} parcel-svc replicas: ${total} GETs, ${failed} failed, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `served per replica ${served.map((entry) => `${entry.replica}=${entry.requests}`).join(', ')}; shutdowns ${JSON.stringify(shutdowns)}`,
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: total });
    expect(total).toBeGreaterThan(100);
    for (const shutdown of shutdowns) {
      expect(shutdown.exitCode).toBe(0);
      expect(shutdown.ms).toBeLessThan(25_000);
    }
    // Every replica, old and new, took part of the load through the queue group.
    for (const entry of served) expect(entry.requests).toBeGreaterThan(0);
  });
});
