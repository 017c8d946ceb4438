import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type Socket } from 'node:net';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';
import { rawRequest, sleep } from './raw-http.js';

const REQUEST_TIMEOUT_MS = 2000;
const MAX_CONNECTIONS = 4;

describe('slow and numerous clients', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      gatewayEnv: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), MAX_CONNECTIONS: String(MAX_CONNECTIONS), KEEP_ALIVE_TIMEOUT_MS: '500' },
      scopes: ['parcels:read'],
    });
  });
  afterAll(() => stack?.stop());

  it('cuts off a client that declares a body and trickles it, within the configured timeout, with 408 in the envelope', async () => {
    const answer = await rawRequest(stack.gatewayUrls[0]!, async (socket) => {
      socket.write(`POST /v1/parcels/batch HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${stack.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      for (let sent = 0; sent < 60 && !socket.destroyed; sent++) {
        await sleep(250);
        if (!socket.destroyed) socket.write(' ');
      }
    });
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    expect(answer.status).toBe(408);
    expect((JSON.parse(answer.body) as ErrorEnvelope).error.code).toBe('request_timeout');
  });

  it('cuts off a client that trickles its headers, with or without a key', async () => {
    const answer = await rawRequest(stack.gatewayUrls[0]!, async (socket) => {
      socket.write('GET /v1/parcels/306401_1.0012.1 HTTP/1.1\r\n');
      for (let sent = 0; sent < 60 && !socket.destroyed; sent++) {
        await sleep(250);
        if (!socket.destroyed) socket.write(`X-Slow-${sent}: 1\r\n`);
      }
    });
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
  });

  it(`refuses connections beyond MAX_CONNECTIONS (${MAX_CONNECTIONS}) and serves again once they close`, async () => {
    await sleep(700); // keep-alive connections of earlier requests have closed (KEEP_ALIVE_TIMEOUT_MS 500)
    const { hostname, port } = new URL(stack.gatewayUrls[0]!);
    const sockets: Socket[] = [];
    const closed = new Set<number>();
    for (let index = 0; index < MAX_CONNECTIONS + 4; index++) {
      const socket = connect(Number(port), hostname);
      socket.on('error', () => undefined);
      socket.on('close', () => closed.add(index));
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
      await sleep(50);
    }
    await sleep(300);
    const open = sockets.length - closed.size;
    expect(open).toBeLessThanOrEqual(MAX_CONNECTIONS);
    expect(closed.size).toBeGreaterThanOrEqual(4);
    sockets.forEach((socket) => socket.destroy());
    await sleep(200);
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key: stack.apiKey })).status).toBe(200);
  });
});
