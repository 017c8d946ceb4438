import { OverloadedError, RateLimitedError } from '../rate-limit/rate-limited.error.js';
import type { CostClass, CostTier, RequestCost } from './request-cost.js';

export interface InFlightLimits {
  /** Cost units one key may have in flight on this gateway (a single request is always let in). */
  keyUnits: number;
  /** Requests of one heavy class one key may have in flight. */
  heavyPerKey: number;
  /** Requests of one heavy class this gateway has in flight, all keys together. */
  heavyPerService: number;
  /** Cost units this gateway takes in flight; heavy work may fill half, normal work nine tenths. */
  serviceUnits: number;
}

/** Share of the service's units each tier may fill: past it, that tier is shed (critical never). */
const TIER_SHARE: Record<CostTier, number> = { heavy: 0.5, normal: 0.9, critical: Infinity };
const RETRY_AFTER_S: Record<CostTier, number> = { heavy: 5, normal: 2, critical: 1 };

interface KeyWork {
  units: number;
  heavy: Map<CostClass, number>;
}

/**
 * The concurrency limiter and the load shedder of docs/fair-shares.md, per gateway replica: work
 * in flight counted in cost units per key and for the whole gateway, and heavy classes in
 * requests. A key past its own caps gets 429 (its own doing); a gateway past its share for a tier
 * sheds that tier with 503, heavy first, and never a cheap lookup. Each admission returns the
 * release to call once the answer has ended (sent, failed, or its client gone).
 */
export class WorkInFlight {
  private readonly keys = new Map<string, KeyWork>();
  private serviceUnits = 0;
  private readonly serviceHeavy = new Map<CostClass, number>();

  constructor(private readonly limits: InFlightLimits) {}

  /** Admits the request or throws the refusal; call the returned function exactly once when it ends. */
  admit(key: string, cost: RequestCost): () => void {
    const work = this.keys.get(key) ?? { units: 0, heavy: new Map<CostClass, number>() };
    const heavy = cost.tier === 'heavy';
    if (heavy && (work.heavy.get(cost.costClass) ?? 0) >= this.limits.heavyPerKey) {
      throw new RateLimitedError(
        `This key already has ${this.limits.heavyPerKey} ${cost.costClass} request(s) in flight; wait for an answer (or cancel one) before sending another.`,
        RETRY_AFTER_S.critical,
      );
    }
    if (work.units > 0 && work.units + cost.units > this.limits.keyUnits) {
      throw new RateLimitedError(
        `This key has ${work.units} cost units of work in flight and may have ${this.limits.keyUnits}; wait for answers before sending more.`,
        RETRY_AFTER_S.critical,
      );
    }
    if (heavy && (this.serviceHeavy.get(cost.costClass) ?? 0) >= this.limits.heavyPerService) {
      throw new OverloadedError(`The server is running as many ${cost.costClass} requests as it takes at once; retry in a few seconds.`, RETRY_AFTER_S.heavy);
    }
    if (this.serviceUnits + cost.units > this.limits.serviceUnits * TIER_SHARE[cost.tier]) {
      throw new OverloadedError(`The server is saturated and sheds ${cost.tier} work (${cost.costClass}) first; retry in a few seconds.`, RETRY_AFTER_S[cost.tier]);
    }
    this.keys.set(key, work);
    this.add(work, cost, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.add(work, cost, -1);
      if (work.units === 0 && work.heavy.size === 0) this.keys.delete(key);
    };
  }

  /** Cost units in flight on this gateway (the gauge). */
  get units(): number {
    return this.serviceUnits;
  }

  private add(work: KeyWork, cost: RequestCost, sign: 1 | -1): void {
    work.units += sign * cost.units;
    this.serviceUnits += sign * cost.units;
    if (cost.tier !== 'heavy') return;
    bump(work.heavy, cost.costClass, sign);
    bump(this.serviceHeavy, cost.costClass, sign);
  }
}

function bump(counts: Map<CostClass, number>, costClass: CostClass, sign: 1 | -1): void {
  const next = (counts.get(costClass) ?? 0) + sign;
  if (next === 0) counts.delete(costClass);
  else counts.set(costClass, next);
}
