import { keyStore } from './key-store.js';
import { holdFor, MAX_WAIT_S, retryAfterSeconds, whenOpen } from './rate-gate.js';

/** An answer in the API's error envelope (or a network failure, status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly candidates: string[] = [],
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when a stored key stops being accepted (401): the app signs out and says why. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** A key to try instead of the stored one (sign-in). */
  key?: string;
  accept?: string;
  signal?: AbortSignal;
}

/** Tries of one request that meets 429s: each waits out the server's Retry-After first. */
const RATE_LIMITED_TRIES = 3;

/**
 * Same-origin call of the REST API with the Bearer key; errors become ApiError. A 429 holds every
 * request of the page until its Retry-After and is then asked again (the app shows the wait);
 * a sign-in attempt (`key` given) is not retried: its limit guards against guessing keys.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  const key = options.key ?? keyStore.get();
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  for (let attempt = 1; ; attempt++) {
    await whenOpen(options.signal);
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'omit',
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'network', (error as Error).message);
    }
    if (response.ok) return response;
    const error = await toApiError(response);
    if (error.status === 429 && options.key === undefined) {
      holdFor(error.retryAfterS);
      if (attempt < RATE_LIMITED_TRIES && (error.retryAfterS ?? 0) <= MAX_WAIT_S) continue;
    }
    if (error.status === 401 && options.key === undefined) unauthorizedListeners.forEach((listener) => listener(error));
    throw error;
  }
}

export async function getJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await (await request(path, options)).json()) as T;
}

export async function postJson<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return getJson<T>(path, { ...options, method: 'POST', body });
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  try {
    const envelope = (await response.json()) as { error?: { code?: string; message?: string; candidates?: string[] } };
    return new ApiError(response.status, envelope.error?.code ?? 'unknown', envelope.error?.message ?? response.statusText, envelope.error?.candidates ?? [], retryAfter);
  } catch {
    return new ApiError(response.status, 'unknown', response.statusText, [], retryAfter);
  }
}

/** Parcel ids carry slashes (`100/1`): one path segment, URL-encoded. */
export function parcelPath(parcelId: string, suffix = ''): string {
  return `/v1/parcels/${encodeURIComponent(parcelId)}${suffix}`;
}
