import { renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthView } from '@lp/contracts';
import { metricsRegistry } from './metrics.js';

/** A named readiness check: resolves when the dependency answers, rejects with the reason. */
export type ReadinessCheck = () => Promise<void>;

/**
 * The internal HTTP port of a service: `/healthz` (the process is alive), `/readyz` (its
 * dependencies answer) and `/metrics` (Prometheus). Not exposed publicly. `statusChecks`, when
 * given, are served at `/statusz`: what others depend on, reported but not part of readiness (the
 * gateway stays ready while one service is down, and answers 503 for that service's routes only).
 */
export async function startOpsServer(port: number, checks: Record<string, ReadinessCheck>, host = '127.0.0.1', statusChecks?: Record<string, ReadinessCheck>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return sendJson(res, 200, { status: 'ok', checks: {} } satisfies HealthView);
    if (path === '/readyz') {
      void runChecks(checks).then((view) => sendJson(res, view.status === 'ok' ? 200 : 503, view));
      return;
    }
    if (path === '/statusz' && statusChecks) {
      void runChecks(statusChecks).then((view) => sendJson(res, view.status === 'ok' ? 200 : 503, view));
      return;
    }
    if (path === '/metrics') {
      void metricsRegistry.metrics().then((text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(text);
      });
      return;
    }
    sendJson(res, 404, { error: { code: 'not_found', message: `Internal port: /healthz, /readyz, ${statusChecks ? '/statusz, ' : ''}/metrics.` } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export function opsServerPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/**
 * Tells whoever started the app which ops port it bound (OPS_PORT_FILE): with OPS_PORT=0 each app
 * takes a free port itself, so stacks starting at once never race for one. Written whole (a
 * temporary file renamed), so a reader never sees half a number.
 */
export function writeOpsPortFile(file: string | undefined, port: number): void {
  if (!file) return;
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${port}\n`);
  renameSync(partial, file);
}

export async function runChecks(checks: Record<string, ReadinessCheck>): Promise<HealthView> {
  const results: Record<string, string> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000);
        results[name] = 'ok';
      } catch (error) {
        results[name] = error instanceof Error ? error.message : String(error);
      }
    }),
  );
  const ok = Object.values(results).every((value) => value === 'ok');
  return { status: ok ? 'ok' : 'unavailable', checks: results };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function sendJson(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
