// Not startServiceUnderTest: the test stops and starts the nats-server itself, with a bare responder and no database.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { NatsRpcClient } from '@lp/messaging';
import { startNatsServer, type TestNatsServer } from '@lp/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { RateLimitStore } from '../src/rate-limit/rate-limit.store.js';

const DEADLINE_MS = 10_000;

/** Resolves at the connection's next status of this type. */
function nextStatus(connection: NatsConnection, type: 'disconnect' | 'reconnect'): Promise<void> {
  return (async () => {
    for await (const status of connection.status()) if (status.type === type) return;
  })();
}

/** How a promise ends and how long it took: a call must fail at once, not at its deadline. */
async function outcome(promise: Promise<unknown>): Promise<{ ms: number; error: AppError | Error | undefined }> {
  const startedAt = Date.now();
  try {
    await promise;
    return { ms: Date.now() - startedAt, error: undefined };
  } catch (error) {
    return { ms: Date.now() - startedAt, error: error as Error };
  }
}

describe('the bus dropping under waiting callers (a NATS restart)', () => {
  let nats: TestNatsServer;
  let responder: NatsConnection;
  let client: NatsRpcClient;
  let store: RateLimitStore;

  beforeAll(async () => {
    nats = await startNatsServer();
    // Answers `echo.now` at once and never answers `echo.never`: a call that only the drop can end.
    responder = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    responder.subscribe('echo.now', {
      callback: (_, message) => {
        message.respond(JSON.stringify({ id: message.json<{ id: string }>().id, response: message.json<{ data: unknown }>().data }));
      },
    });
    responder.subscribe('echo.never', { callback: () => undefined });
    client = await NatsRpcClient.connect(nats.url, 'disconnect-test');
    store = await RateLimitStore.open(client.nats, 1);
  });
  afterAll(async () => {
    await client?.close();
    await responder?.close();
    await nats?.stop();
  });

  it('fail calls and counts at once while it is down, and serve both again as soon as it is back', async () => {
    expect((await store.take('disconnect-test.read', 100, 60_000)).allowed).toBe(true);
    const call = (subject: string): Promise<unknown> => client.callRaw(subject, { n: 1 }, { requestId: 'r', timeoutMs: DEADLINE_MS });

    const pending = outcome(call('echo.never'));
    const dropped = nextStatus(client.nats, 'disconnect');
    const reconnected = nextStatus(client.nats, 'reconnect');
    const restarting = nats.restart(1500);
    await dropped;

    // Waiting when the connection dropped: its reply can no longer come; unavailable at once.
    const lost = await pending;
    expect(lost.error).toBeInstanceOf(AppError);
    expect((lost.error as AppError).code).toBe('service_unavailable');
    expect(lost.ms).toBeLessThan(2000);
    expect(client.isConnected()).toBe(false);
    expect(client.pendingCalls).toBe(0);

    // Made while it is down: nats.js would discard the message on redial; unavailable at once.
    await new Promise((resolve) => setImmediate(resolve));
    const whileDown = await outcome(call('echo.now'));
    expect((whileDown.error as AppError).code).toBe('service_unavailable');
    expect((whileDown.error as AppError).message).toMatch(/message bus is not reachable/);
    expect(whileDown.ms).toBeLessThan(100);
    const countedWhileDown = await outcome(store.take('disconnect-test.read', 100, 60_000));
    expect((countedWhileDown.error as AppError).code).toBe('service_unavailable');
    expect(countedWhileDown.ms).toBeLessThan(100);

    await restarting;
    await reconnected;
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.isConnected()).toBe(true);
    // The restarted server lost the in-memory bucket: it is opened again before the first count,
    // so that count is decided, not refused.
    const firstCount = await outcome(store.take('disconnect-test.read', 100, 60_000));
    expect(firstCount.error).toBeUndefined();
    // The responder reconnects on its own schedule; an idempotent read rides over the gap.
    const reply = await client.callRaw<{ n: number }>('echo.now', { n: 2 }, { requestId: 'r', timeoutMs: DEADLINE_MS, retryNoResponders: 20 });
    expect(reply).toEqual({ n: 2 });
  }, 30_000);
});
