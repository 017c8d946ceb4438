import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayError, parseRetryAfter } from './gateway-error.js';
import { GatewayClient } from './gateway.client.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('GatewayClient', () => {
  let server: Server;
  let baseUrl: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const path = (req.url ?? '').split('?')[0];
        if (path === '/api/v1/ok') return send(res, 200, { hello: 'world' }, { 'content-type': 'application/geo+json' });
        if (path === '/api/v1/limited') return send(res, 429, { error: { code: 'rate_limited', message: 'Too many requests', request_id: 'gw-7' } }, { 'retry-after': '12' });
        if (path === '/api/v1/missing') return send(res, 404, { error: { code: 'not_found', message: 'No parcel x', candidates: ['x/1', 'x/2'] } });
        if (path === '/api/v1/html') return send(res, 502, '<html>bad gateway</html>', { 'content-type': 'text/html' });
        if (path === '/api/v1/slow') return void setTimeout(() => send(res, 200, {}), 1000);
        if (path === '/api/healthz') return send(res, 200, { status: 'ok' });
        if (path === '/api/v1/parcels/autocomplete') {
          // the key probe: 429 for the address the limiter counts, 401 for an unknown key
          if (req.headers['x-forwarded-for'] === '203.0.113.66') return send(res, 429, { error: { code: 'rate_limited', message: 'from this address' } }, { 'retry-after': '60' });
          return send(res, req.headers.authorization === 'Bearer good' ? 400 : 401, {});
        }
        send(res, 404, { error: { code: 'not_found', message: 'no route' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const client = (timeoutMs = 5000): GatewayClient =>
    new GatewayClient({ baseUrl, timeoutMs }).forCaller({ authorization: 'Bearer lp_Key.With-Odd_Chars~', requestId: 'req-42' });

  it('forwards the caller key unchanged with the request id, and keeps the path prefix', async () => {
    const body = await client().post<{ hello: string }>('/v1/ok', { a: 1 }, { limit: 5, kinds: ['school', 'power'], skip: undefined });
    expect(body).toEqual({ hello: 'world' });
    const last = seen[seen.length - 1];
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/api/v1/ok?limit=5&kinds=school&kinds=power');
    expect(last.headers.authorization).toBe('Bearer lp_Key.With-Odd_Chars~');
    expect(last.headers['x-request-id']).toBe('req-42');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ a: 1 });
  });

  it("names the end client to the gateway in X-Forwarded-For, replacing whatever the client claimed, and only when there is one", async () => {
    await new GatewayClient({ baseUrl, timeoutMs: 5000 }).forCaller({ authorization: 'Bearer a', requestId: 'r', clientAddress: '198.51.100.23' }).get('/v1/ok');
    expect(seen[seen.length - 1]!.headers['x-forwarded-for']).toBe('198.51.100.23');
    await client().get('/v1/ok');
    expect(seen[seen.length - 1]!.headers['x-forwarded-for']).toBeUndefined();
  });

  it("probes a key for the end client: 401 is invalid, 400 valid, and a 429 (perhaps the address's budget) says nothing", async () => {
    const gateway = new GatewayClient({ baseUrl, timeoutMs: 5000 });
    expect(await gateway.checkKey('Bearer bad', '198.51.100.23')).toBe('invalid');
    expect(seen[seen.length - 1]!.headers['x-forwarded-for']).toBe('198.51.100.23');
    expect(await gateway.checkKey('Bearer good', '198.51.100.23')).toBe('valid');
    expect(await gateway.checkKey('Bearer good', '203.0.113.66')).toBe('unknown');
  });

  it('parses the error envelope with Retry-After into a GatewayError', async () => {
    const failure = await client().get('/v1/limited').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ code: 'rate_limited', status: 429, message: 'Too many requests', retryAfterS: 12, requestId: 'gw-7' });
  });

  it('keeps the candidates of a 404', async () => {
    const failure = await client().get('/v1/missing').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'not_found', status: 404, candidates: ['x/1', 'x/2'], requestId: 'req-42' });
  });

  it('turns a body that is not an envelope into a code from the status', async () => {
    const failure = await client().get('/v1/html').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'service_unavailable', status: 502 });
  });

  it('gives up after the timeout with upstream_timeout', async () => {
    const failure = await client(100).get('/v1/slow').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'upstream_timeout', status: 504 });
  });

  it('reports an unreachable gateway as service_unavailable', async () => {
    const unreachable = new GatewayClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 }).forCaller({ authorization: 'Bearer k', requestId: 'r' });
    await expect(unreachable.get('/v1/ok')).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
  });

  it.each(['//evil.example/steal', 'http://evil.example/steal', 'v1/relative', '/\\evil.example'])('refuses %s so the key cannot leave GATEWAY_URL', async (path) => {
    const before = seen.length;
    await expect(client().get(path)).rejects.toThrow(/GATEWAY_URL|Refusing/);
    expect(seen.length).toBe(before);
  });

  it('checks the gateway health without sending any key', async () => {
    await new GatewayClient({ baseUrl, timeoutMs: 5000 }).forCaller({ authorization: 'Bearer secret', requestId: 'r' }).healthz();
    const last = seen[seen.length - 1];
    expect(last.url).toBe('/api/healthz');
    expect(last.headers.authorization).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

function send(res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
