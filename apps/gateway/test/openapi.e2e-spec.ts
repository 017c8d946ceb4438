import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestStack, testEnvironment, type TestStack } from '@lp/testing';
import { parse } from 'yaml';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
}

/** Routes that need no key: shareable report links (their token is the secret). */
const PUBLIC_PATHS = /^\/v1\/reports\//;
/** The private preview's access-request form: no key, its own per-address limit. */
const ACCESS_REQUESTS = '/v1/access-requests';

describe('OpenAPI description and docs', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack()));
  afterAll(() => stack?.stop());

  it('serves an OpenAPI 3.1 document in which every /v1 operation needs a key and documents its errors', async () => {
    const res = await fetch(`${stack.gatewayUrls[0]}/openapi.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/yaml/);
    const document = parse(await res.text()) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).filter(([path]) => path.startsWith('/v1/'));
    expect(operations.length).toBeGreaterThanOrEqual(4);
    for (const [path, methods] of operations) {
      for (const operation of Object.values(methods)) {
        const statuses = Object.keys(operation.responses);
        if (path === ACCESS_REQUESTS) {
          expect(operation.security ?? []).toEqual([]);
          expect(statuses).toEqual(expect.arrayContaining(['201', '400', '429']));
          continue;
        }
        if (PUBLIC_PATHS.test(path)) {
          // A shared report link opens without a key; an unknown or expired one is a 404.
          expect(operation.security ?? []).toEqual([]);
          expect(statuses).toEqual(expect.arrayContaining(['200', '404']));
          continue;
        }
        expect(operation.security).toEqual([{ bearer: [] }]);
        expect(statuses.some((status) => status === '200' || status === '201')).toBe(true);
        expect(statuses).toEqual(expect.arrayContaining(['401', '403', '429', '503', 'default']));
      }
    }
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/reports/{token}.pdf']));
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('passes @redocly/cli lint (recommended rules) with no errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lp-openapi-'));
    try {
      const file = join(dir, 'openapi.yaml');
      await writeFile(file, await (await fetch(`${stack.gatewayUrls[0]}/openapi.yaml`)).text());
      // Exit status 1 means errors; warnings alone pass. The output says which rule failed where.
      const lint = await promisify(execFile)(process.execPath, [join(testEnvironment().repoRoot, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--format=stylish', file], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 120_000,
      }).catch((error: { stdout?: string; stderr?: string }) => ({ failed: true, stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }));
      expect('failed' in lint ? `${lint.stdout}\n${lint.stderr}` : '').toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('serves an interactive docs page under a content security policy that runs only its own scripts', async () => {
    const res = await fetch(`${stack.gatewayUrls[0]}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/swagger/i);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // the page works under it: every script it loads is a file of /docs, none inline
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const init = await fetch(`${stack.gatewayUrls[0]}/docs/swagger-ui-init.js`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-security-policy')).toBe(csp);
  });

  it('documents the key as an opaque bearer token, the access-request body, and bounds on every integer parameter', async () => {
    const document = parse(await (await fetch(`${stack.gatewayUrls[0]}/openapi.yaml`)).text(), { maxAliasCount: -1 }) as OpenApiDocument & {
      components: { securitySchemes: Record<string, { bearerFormat?: string }>; schemas: Record<string, unknown> };
    };
    expect(document.components.securitySchemes['bearer']!.bearerFormat).not.toMatch(/JWT/);
    const access = document.paths[ACCESS_REQUESTS]!['post'] as unknown as { requestBody?: { content: Record<string, { schema: { $ref: string } }> } };
    expect(access.requestBody?.content['application/json']?.schema.$ref).toMatch(/AccessRequestRequest$/);
    const unbounded: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of (operation as { parameters?: Array<{ name: string; schema?: { type?: string; maximum?: number; minimum?: number; enum?: unknown[] } }> }).parameters ?? []) {
          const schema = parameter.schema ?? {};
          // a tile's column and row are bounded by its zoom (0 to 2^z-1), which a schema cannot say
          const tileCoordinate = /\{[xy]\}/.test(path) && (parameter.name === 'x' || parameter.name === 'y') && schema.minimum === 0;
          if (schema.type === 'integer' && !tileCoordinate && (schema.maximum === undefined || schema.minimum === undefined)) unbounded.push(`${method.toUpperCase()} ${path} ${parameter.name}`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('names the Bearer scheme in WWW-Authenticate on every 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer lp_nothing_here' }, { authorization: 'Basic Og==' }] as Array<Record<string, string>>) {
      const res = await fetch(`${stack.gatewayUrls[0]}/v1/parcels/306401_1.0012.3`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="landparcel"');
    }
  });

  it('exposes liveness on the public port, readiness and Prometheus metrics only on the ops port', async () => {
    expect((await fetch(`${stack.gatewayUrls[0]}/healthz`)).status).toBe(200);
    expect((await fetch(`${stack.gatewayUrls[0]}/metrics`)).status).toBe(404);
    expect((await fetch(`${stack.gatewayUrls[0]}/readyz`)).status).toBe(404);
    const metrics = await fetch(`${stack.opsUrl()}/metrics`);
    expect(await metrics.text()).toContain('lp_http_request_duration_seconds');
  });
});
