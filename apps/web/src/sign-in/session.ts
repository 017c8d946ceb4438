import type { StyleSpecification } from 'maplibre-gl';
import { ApiError, getJson } from '../api/client.js';
import type { MessageKey } from '../i18n/messages.js';

/**
 * Signing in is fetching the map's style with the key: it proves the key (401), its map scope
 * (403) and gives the map what it needs, in one request.
 */
export async function loadStyle(key?: string): Promise<StyleSpecification> {
  return getJson<StyleSpecification>('/v1/map/style.json', key === undefined ? {} : { key });
}

/** What to tell a person whose key failed, and with which figures. */
export function signInFailure(error: unknown, stored: boolean): { key: MessageKey; values?: Record<string, number> } {
  if (!(error instanceof ApiError)) return { key: 'serviceDown' };
  if (error.status === 401) return { key: stored ? 'keyExpired' : 'keyRejected' };
  if (error.status === 403) return { key: 'keyLacksScope' };
  if (error.status === 429) return { key: 'tooManyAttempts', values: { s: error.retryAfterS ?? 60 } };
  return { key: 'serviceDown' };
}
