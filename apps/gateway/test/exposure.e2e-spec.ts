import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, startAppProcess, startTestStack, type TestStack } from '@lp/testing';
import { rawRequest } from './raw-http.js';

describe('what the gateway exposes', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // A report needs market-svc (comparables); tiles need layer-svc.
    stack = await startTestStack({ services: ['layer-svc', 'parcel-svc', 'market-svc'], scopes: ['layers:read', 'reports:create', 'parcels:read'] });
  });
  afterAll(() => stack?.stop());

  /** A request with a Host header the client chose, as an attacker would send it. */
  const withHost = async (method: string, path: string, host: string, body?: string) => {
    const answer = await rawRequest(stack.gatewayUrls[0]!, (socket) => {
      const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${stack.apiKey}\r\nConnection: close\r\n`;
      socket.write(body ? `${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` : `${head}\r\n`);
    }, 60_000);
    const chunked = /transfer-encoding: chunked/i.test(answer.head);
    return { ...answer, text: chunked ? answer.body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gim, '') : answer.body };
  };

  it('never writes the Host header into TileJSON: links use the loopback address without PUBLIC_BASE_URL', async () => {
    const answer = await withHost('GET', '/v1/layers/parcels/tiles.json', 'evil.example');
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('evil.example');
    expect(answer.text).toContain(`${stack.gatewayUrls[0]}/v1/layers/parcels/tiles/`);
  });

  it('never writes the Host header into shareable report links', async () => {
    const answer = await withHost('POST', `/v1/parcels/${encodeURIComponent('306401_1.0012.1')}/report/link`, 'evil.example', '{}');
    expect(answer.status).toBe(201);
    expect(answer.text).not.toContain('evil.example');
    expect(answer.text).toContain(`"url":"${stack.gatewayUrls[0]}/v1/reports/`);
  });

  it('refuses to start on a non-loopback address without PUBLIC_BASE_URL, saying why', async () => {
    const port = await freePort();
    const failure = await startAppProcess('gateway', { ...stack.baseEnv(), HOST: '0.0.0.0', PORT: String(port) }, { httpPort: port, readyPath: '/healthz' }).then(
      async (started) => {
        await started.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/PUBLIC_BASE_URL.*required when HOST is not a loopback address/);
  });

  it('serves readiness and metrics on the ops port only', async () => {
    for (const path of ['/readyz', '/metrics']) {
      expect((await fetch(`${stack.gatewayUrls[0]}${path}`)).status).toBe(404);
    }
    // readiness is the gateway's own (bus, key database); the services are reported on /statusz
    const ready = await fetch(`${stack.opsUrl()}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { nats: 'ok', database: 'ok' } });
    const status = await fetch(`${stack.opsUrl()}/statusz`);
    expect([200, 503]).toContain(status.status);
    expect(await status.json()).toMatchObject({ checks: { 'layer-svc': 'ok', 'parcel-svc': 'ok' } });
    expect(await (await fetch(`${stack.opsUrl()}/metrics`)).text()).toContain('lp_http_request_duration_seconds');
  });
});
