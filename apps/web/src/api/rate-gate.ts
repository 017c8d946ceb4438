/**
 * What the server said about our rate budget: after a 429, every request of this page (API calls and
 * map tiles alike) waits until the server's Retry-After has passed instead of asking again at once,
 * and the app shows how long that is. One gate for the whole page, so a pan of forty tiles that hits
 * the limit does not send forty more requests that are refused too.
 */

/** When the server gives no Retry-After (or an unreadable one): wait this long. */
const FALLBACK_WAIT_S = 5;
/** A longer wait is not waited out silently: the request fails and says so. */
export const MAX_WAIT_S = 120;

export interface RateLimitState {
  /** Epoch ms when requests may go again. */
  until: number;
  /** Seconds the server asked to wait, as it said them. */
  retryAfterS: number;
}

type Listener = (state: RateLimitState | null) => void;

let state: RateLimitState | null = null;
let clearTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<Listener>();

/** Seconds from a Retry-After header: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : null;
}

/** A 429 arrived: hold every request until its Retry-After (the later of two holds wins). */
export function holdFor(retryAfterS: number | null): RateLimitState {
  const wait = retryAfterS ?? FALLBACK_WAIT_S;
  const until = Date.now() + wait * 1000;
  if (!state || until > state.until) state = { until, retryAfterS: wait };
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    state = null;
    clearTimer = null;
    listeners.forEach((listener) => listener(null));
  }, state.until - Date.now());
  const current = state;
  listeners.forEach((listener) => listener(current));
  return current;
}

/** Resolves when requests may go (at once when nothing holds them); rejects when `signal` aborts. */
export function whenOpen(signal?: AbortSignal): Promise<void> {
  const wait = state ? state.until - Date.now() : 0;
  if (wait <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, wait);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** The app's banner: called with the hold when one starts and with null when it is over. */
export function onRateLimit(listener: Listener): () => void {
  listeners.add(listener);
  if (state) listener(state);
  return () => listeners.delete(listener);
}
