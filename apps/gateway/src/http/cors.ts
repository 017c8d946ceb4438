import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a page elsewhere may send and read: Bearer keys and tile revalidation, never cookies. */
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, If-None-Match, X-Request-Id';
const EXPOSED_HEADERS = 'ETag, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After';
const PREFLIGHT_MAX_AGE_S = '600';

/** Parses CORS_ORIGINS (validated by the env): exact origins, compared as the browser sends them. */
export function corsOrigins(setting: string): ReadonlySet<string> {
  return new Set(
    setting
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, '').toLowerCase())
      .filter((origin) => origin.length > 0),
  );
}

/**
 * CORS for the configured origins only, so web maps elsewhere (MapLibre, Leaflet, OpenLayers) can
 * call the API and load tiles with a Bearer key. Credentials are never allowed: a key in a header
 * is the only way in, so a page cannot ride on anyone's session. Other origins get no CORS headers
 * (the browser then refuses to show them the answer) and their preflight is not answered.
 */
export function registerCors(fastify: FastifyInstance, setting: string): void {
  const origins = corsOrigins(setting);
  if (origins.size === 0) return;
  const allowed = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && origins.has(origin.toLowerCase()) ? origin : null;
  };
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = allowed(request);
    if (request.method !== 'OPTIONS' || origin === null || request.headers['access-control-request-method'] === undefined) return;
    return reply
      .status(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_S)
      .header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
      .send();
  });
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Answers differ by Origin once CORS is on, so caches (tiles are public for 300 s) must key on it.
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, Origin` : 'Origin');
    const origin = allowed(request);
    if (origin !== null) void reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED_HEADERS);
    return payload;
  });
}
