/**
 * Generic cell rate algorithm: one number per key, the theoretical arrival time (TAT) of the next
 * request. A key may spend `limit` requests at once, then one every `window / limit`. A request
 * of `cost` units counts as that many requests (the cost budget of docs/fair-shares.md); a cost
 * above the limit is taken as the whole limit, so it waits for a full window rather than never passing.
 */
export interface GcraDecision {
  allowed: boolean;
  /** TAT to store when allowed. */
  nextTat: number;
  /** Requests still allowed right now. */
  remaining: number;
  /** Whole seconds until a request would be allowed (when refused). */
  retryAfterS: number;
}

export function gcra(nowMs: number, storedTatMs: number | null, limit: number, windowMs: number, cost = 1): GcraDecision {
  const interval = windowMs / limit;
  const tat = Math.max(storedTatMs ?? nowMs, nowMs);
  const nextTat = tat + interval * Math.min(cost, limit);
  const allowAt = nextTat - windowMs;
  if (nowMs < allowAt) {
    return { allowed: false, nextTat: tat, remaining: 0, retryAfterS: Math.max(1, Math.ceil((allowAt - nowMs) / 1000)) };
  }
  const remaining = Math.max(0, Math.floor((windowMs - (nextTat - nowMs)) / interval));
  return { allowed: true, nextTat, remaining, retryAfterS: 0 };
}
