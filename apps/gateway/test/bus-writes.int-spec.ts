import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Socket } from 'node:net';
import { startNatsServer, type TestNatsServer } from '@lp/testing';
import { coalesceWrites } from '@lp/messaging';

/** The socket under a connection and how many times it has gone to the kernel (`_write` or `_writev`) since counting began. */
function countWrites(connection: NatsConnection): { count: () => number } {
  const socket = (connection as unknown as { protocol: { transport: { socket: Socket } } }).protocol.transport.socket;
  let writes = 0;
  const target = socket as unknown as Record<'_write' | '_writev', ((...args: unknown[]) => unknown) | undefined>;
  for (const method of ['_write', '_writev'] as const) {
    const original = target[method];
    if (!original) continue;
    target[method] = (...args: unknown[]) => {
      writes++;
      return original.apply(socket, args);
    };
  }
  return { count: () => writes };
}

/**
 * `n` publishes, each followed by the microtask checkpoint at which nats.js flushes what is queued:
 * as between the I/O callbacks of one poll phase (a request read from each of many sockets), but in
 * one macrotask, so a loaded machine cannot spread them over several turns.
 */
async function publishEachFlushed(connection: NatsConnection, subject: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    connection.publish(subject, String(i));
    await new Promise<void>((resolve) => queueMicrotask(resolve));
  }
  await new Promise((resolve) => setImmediate(resolve));
}

const SENT = Array.from({ length: 20 }, (_, i) => String(i));

/** SENT published by `publisher` (publishEachFlushed), as `listener` received them, and the socket writes the publisher made for them. */
async function sendAll(listener: NatsConnection, publisher: NatsConnection, subject: string): Promise<{ messages: string[]; writes: number }> {
  const subscription = listener.subscribe(subject, { max: SENT.length });
  await listener.flush();
  const messages: string[] = [];
  const done = (async () => {
    for await (const message of subscription) messages.push(message.string());
  })();
  const writes = countWrites(publisher);
  await publishEachFlushed(publisher, subject, SENT.length);
  await done;
  return { messages, writes: writes.count() };
}

let nats: TestNatsServer;
beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(() => nats?.stop());

describe('writes to NATS gathered per event-loop turn', () => {
  let listener: NatsConnection;
  beforeAll(async () => {
    listener = await connect({ servers: nats.url });
  });
  afterAll(() => listener?.close());

  it('are one write per flush without it (the behaviour it changes)', async () => {
    const plain = await connect({ servers: nats.url });
    const { messages, writes } = await sendAll(listener, plain, 'plain.t');
    expect(messages).toEqual(SENT);
    expect(writes).toBeGreaterThanOrEqual(20);
    await plain.close();
  });

  it('go out in one write for the publishes of one turn, every message delivered in order', async () => {
    const gathered = await connect({ servers: nats.url });
    coalesceWrites(gathered);
    const { messages, writes } = await sendAll(listener, gathered, 'gathered.t');
    expect(messages).toEqual(SENT);
    expect(writes).toBe(1);
    await gathered.close();
  });

  it('let a lone request and its reply through at once', async () => {
    const caller = await connect({ servers: nats.url });
    coalesceWrites(caller);
    const answerer = await connect({ servers: nats.url });
    coalesceWrites(answerer);
    answerer.subscribe('echo.t', { callback: (_error, message) => void message.respond(`re ${message.string()}`) });
    await answerer.flush();
    const started = Date.now();
    const reply = await caller.request('echo.t', 'ping', { timeout: 2000 });
    expect(reply.string()).toBe('re ping');
    expect(Date.now() - started).toBeLessThan(500);
    await Promise.all([caller.close(), answerer.close()]);
  });

  it('still gather after a reconnect, on the new socket', async () => {
    const gathered = await connect({ servers: nats.url, reconnectTimeWait: 50 });
    coalesceWrites(gathered);
    const reconnected = (async () => {
      for await (const status of gathered.status()) if (status.type === 'reconnect') return;
    })();
    await gathered.reconnect();
    await reconnected;
    await new Promise((resolve) => setImmediate(resolve));
    const { messages, writes } = await sendAll(listener, gathered, 'again.t');
    expect(messages).toHaveLength(20);
    expect(writes).toBe(1);
    await gathered.close();
  });

  it('are sent when the connection drains (as services and clients close)', async () => {
    const gathered = await connect({ servers: nats.url });
    coalesceWrites(gathered);
    const subscription = listener.subscribe('last.t', { max: 1 });
    await listener.flush();
    gathered.publish('last.t', 'last words');
    await gathered.drain();
    for await (const message of subscription) expect(message.string()).toBe('last words');
  });
});
