import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The map application's page: only our own scripts, styles and API; MapLibre needs blob: workers
 * and inline style attributes. No third party is ever contacted.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** The built application (Vite's output): apps/web/dist beside this gateway unless WEB_APP_DIR says otherwise. */
export function webAppDir(configured: string | undefined): string {
  return configured ?? fileURLToPath(new URL('../../../web/dist/', import.meta.url));
}

interface Asset {
  body: Buffer;
  /** The same bytes gzipped at the first request that accepts gzip (MapLibre is 1 MB, 0.3 MB gzipped). */
  gzipped: Buffer | null;
  type: string;
}

/**
 * Serves the map application at `/` and `/p/<parcel id>` (the spec's map_url; the app reads the id
 * from its own URL) and its hashed assets under `/assets/`, cached for a year. Files are read once
 * at start-up: the build is part of the release, not something that changes under a running gateway.
 */
export function registerWebApp(fastify: FastifyInstance, dir: string): { built: boolean } {
  const index = readOptional(join(dir, 'index.html'));
  const assets = readAssets(join(dir, 'assets'));
  const page = (reply: FastifyReply): FastifyReply => {
    void reply
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache');
    if (index === null) {
      return reply
        .status(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .send(`The map application is not built in ${dir}. Run npm run build (or npm start), then restart the gateway.\n`);
    }
    return reply.header('content-type', 'text/html; charset=utf-8').send(index);
  };
  fastify.get('/', async (_request, reply) => page(reply));
  fastify.get('/p/*', async (_request, reply) => page(reply));
  fastify.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = ASSET_NAME.test(request.params.name) ? assets.get(request.params.name) : undefined;
    if (!asset) return reply.callNotFound();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    void reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'Accept-Encoding');
    if (!gzip) return reply.send(asset.body);
    asset.gzipped ??= gzipSync(asset.body, { level: constants.Z_BEST_COMPRESSION });
    return reply.header('content-encoding', 'gzip').send(asset.gzipped);
  });
  return { built: index !== null };
}

function readOptional(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return assets;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (!ASSET_NAME.test(name) || !statSync(path).isFile()) continue;
    assets.set(name, { body: readFileSync(path), gzipped: null, type: CONTENT_TYPES[extname(name)] ?? 'application/octet-stream' });
  }
  return assets;
}
