// Not startServiceUnderTest: replication needs a three-server NATS cluster (startNatsCluster), and no database or service.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS_STREAM } from '@lp/contracts';
import { ensureEventsStream } from '@lp/messaging';
import { startNatsCluster, type TestNatsCluster } from '@lp/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { RateLimitStore } from '../src/rate-limit/rate-limit.store.js';

/** What the production NATS StatefulSet runs: three JetStream servers in one cluster. */
describe('streams and buckets on a three-server NATS cluster (NATS_STREAM_REPLICAS)', () => {
  let cluster: TestNatsCluster;
  let nats: NatsConnection;
  const copies = async (stream: string): Promise<number> => (await (await jetstreamManager(nats)).streams.info(stream)).config.num_replicas;

  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    nats = await connect({ servers: cluster.urls });
  });
  afterAll(async () => {
    await nats?.close();
    await cluster?.stop();
  });

  it('raises the events stream made with one copy to three at the next start-up, and never lowers it', async () => {
    await ensureEventsStream(nats, 1);
    expect(await copies(EVENTS_STREAM)).toBe(1);
    await ensureEventsStream(nats, 3);
    expect(await copies(EVENTS_STREAM)).toBe(3);
    // A pod of the previous rollout, still configured for one copy, leaves it as it is.
    await ensureEventsStream(nats, 1);
    expect(await copies(EVENTS_STREAM)).toBe(3);
    const info = await (await jetstreamManager(nats)).streams.info(EVENTS_STREAM);
    expect(info.config.subjects).toEqual(['events.>']);
    expect(info.config.duplicate_window).toBe(10 * 60 * 1_000_000_000);
  });

  it('creates the rate-limit bucket with three copies, and counts there with compare-and-set', async () => {
    const store = await RateLimitStore.open(nats, 3);
    expect(await copies('KV_gateway_rate_limits')).toBe(3);
    // A limit of 2 per minute allows two and refuses the third.
    const decisions: boolean[] = [];
    for (let i = 0; i < 3; i++) decisions.push((await store.take('replicas-test.read', 2, 60_000)).allowed);
    expect(decisions).toEqual([true, true, false]);
    await (await jetstreamManager(nats)).streams.delete('KV_gateway_rate_limits');
  });

  it('raises a rate-limit bucket made with one copy to three', async () => {
    await RateLimitStore.open(nats, 1);
    expect(await copies('KV_gateway_rate_limits')).toBe(1);
    await RateLimitStore.open(nats, 3);
    expect(await copies('KV_gateway_rate_limits')).toBe(3);
  });
});
