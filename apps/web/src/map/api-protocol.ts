import { addProtocol, AJAXError, type RequestParameters } from 'maplibre-gl';
import { keyStore } from '../api/key-store.js';
import { holdFor, MAX_WAIT_S, retryAfterSeconds, whenOpen } from '../api/rate-gate.js';

const PROTOCOL = 'lpapi';
const PREFIX = `${PROTOCOL}://`;
/** Tries of one tile that meets 429s, each after the server's Retry-After; then the tile fails out loud. */
const TILE_TRIES = 4;
/** A 1x1 transparent PNG. */
const TRANSPARENT_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVQImWNgAAIAAAUAAWJVMogAAAAASUVORK5CYII='), (c) => c.charCodeAt(0));

/**
 * The map's requests to our API (style sources, tiles) go through this handler instead of
 * MapLibre's own fetch, because MapLibre does not let an app read a refused tile's headers: here a
 * 429 holds the page's requests for the server's Retry-After (the app shows the wait) and the tile
 * is asked again after it, so a rate-limited map fills in instead of staying silently empty. The key
 * goes only to this page's origin; the browser's HTTP cache (ETag, Cache-Control) still applies.
 */
export function registerApiProtocol(): void {
  addProtocol(PROTOCOL, async (params: RequestParameters, abortController: AbortController) => {
    const url = `${window.location.origin}${params.url.slice(PREFIX.length)}`;
    const key = keyStore.get();
    for (let attempt = 1; ; attempt++) {
      await whenOpen(abortController.signal);
      const response = await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: abortController.signal, credentials: 'omit' });
      // A raster tile without data (the hillshade outside our elevation data) is 204: MapLibre
      // cannot decode nothing as an image, so it gets a transparent pixel instead of a tile error.
      if (response.status === 204 && params.type === 'image') return { data: TRANSPARENT_PNG.slice(0).buffer };
      if (response.ok) {
        const data = params.type === 'json' ? await response.json() : await response.arrayBuffer();
        return { data, cacheControl: response.headers.get('cache-control'), expires: response.headers.get('expires'), etag: response.headers.get('etag') ?? undefined };
      }
      if (response.status === 429) {
        const wait = retryAfterSeconds(response.headers.get('retry-after'));
        holdFor(wait);
        if (attempt < TILE_TRIES && (wait ?? 0) <= MAX_WAIT_S) continue;
      }
      throw new AJAXError(response.status, response.statusText, url, await response.blob());
    }
  });
}

/** A URL of our API (on any host name the style used) as the handler's URL; null for anything else. */
export function apiProtocolUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  return parsed.pathname.startsWith('/v1/') ? `${PREFIX}${parsed.pathname}${parsed.search}` : null;
}
