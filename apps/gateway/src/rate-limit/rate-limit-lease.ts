import { gcra, type GcraDecision } from './gcra.js';

/**
 * A replica serving a busy key books some of the key's next requests ahead, in the same
 * compare-and-set that decides the requests waiting, and spends them locally: a stream of tiles
 * then costs one write to the shared state every few dozen requests instead of one every request or
 * two (a quarter of the gateway's CPU a tile and a third of nats-server's went to those writes).
 *
 * Booked units advance the shared arrival time like requests do, so every replica sees them spent:
 * a key is never let through more than its limit. Units not spent before the lease ends are lost,
 * so a busy key may be refused a few requests early (at most MAX_LEASE_UNITS a replica every
 * LEASE_MS). Only limits with an emission interval of LEASE_MAX_INTERVAL_MS or less lease (1,200 a
 * minute and more, the tile class's 3,000 among them); slower limits, the ordinary 600 a minute,
 * are decided request by request, exactly.
 */
export const LEASE_MS = 250;
export const MAX_LEASE_UNITS = 64;
export const LEASE_MAX_INTERVAL_MS = 50;
/** A key books ahead only after this many requests through the replica in one LEASE_MS period: a sporadic caller never does. */
export const MIN_LEASE_DEMAND = 4;

/** Units of one key booked ahead by this replica. */
export interface Lease {
  /** Booked units not yet spent. */
  units: number;
  /** The arrival time stored with the booking (it counts every booked unit). */
  tat: number;
  expiresAt: number;
  limit: number;
  windowMs: number;
}

/** Whether requests under this limit may be booked ahead at all. */
export function leases(limit: number, windowMs: number): boolean {
  return windowMs / limit <= LEASE_MAX_INTERVAL_MS;
}

/** Whether the lease still runs at `nowMs` and was booked under this limit. */
function current(lease: Lease | undefined, nowMs: number, limit: number, windowMs: number): lease is Lease {
  return lease !== undefined && nowMs < lease.expiresAt && lease.limit === limit && lease.windowMs === windowMs;
}

/**
 * Spends one unit of the lease: the request's decision, or undefined when the lease cannot answer
 * (none left, ended, or booked under another limit) and the shared state must. `remaining` counts
 * what the shared state still allows plus the units this replica still holds.
 */
export function spendLease(lease: Lease | undefined, nowMs: number, limit: number, windowMs: number): GcraDecision | undefined {
  if (!current(lease, nowMs, limit, windowMs) || lease.units <= 0) return undefined;
  lease.units--;
  const interval = windowMs / limit;
  const shared = Math.max(0, Math.floor((windowMs - (lease.tat - nowMs)) / interval));
  return { allowed: true, nextTat: lease.tat, remaining: shared + lease.units, retryAfterS: 0 };
}

/**
 * The lease after a new booking: units still held under the same limit are kept (the shared state
 * counts them already), and the whole lease runs LEASE_MS from this booking.
 */
export function extendLease(held: Lease | undefined, booked: Lease, nowMs: number): Lease {
  const kept = current(held, nowMs, booked.limit, booked.windowMs) ? held.units : 0;
  return { ...booked, units: booked.units + kept };
}

/**
 * Books up to `wanted` units after `tat` (the arrival time once the waiting requests are decided),
 * each allowed as the GCRA would allow one more request now; stops at the first it would refuse.
 */
export function bookAhead(nowMs: number, tat: number | null, limit: number, windowMs: number, wanted: number): { units: number; tat: number | null } {
  let units = 0;
  for (; units < wanted; units++) {
    const decision = gcra(nowMs, tat, limit, windowMs);
    if (!decision.allowed) break;
    tat = decision.nextTat;
  }
  return { units, tat };
}

/**
 * How many requests a key made through this replica lately: the units worth booking next time.
 * Counted per LEASE_MS period; the previous period's count is the demand.
 */
export class Demand {
  private periodStart = 0;
  private current = 0;
  private previous = 0;

  seen(nowMs: number): void {
    this.roll(nowMs);
    this.current++;
  }

  /** Units worth booking now: what the last full period needed (none below MIN_LEASE_DEMAND), at most MAX_LEASE_UNITS. */
  wanted(nowMs: number): number {
    this.roll(nowMs);
    return this.previous < MIN_LEASE_DEMAND ? 0 : Math.min(MAX_LEASE_UNITS, this.previous);
  }

  private roll(nowMs: number): void {
    if (nowMs - this.periodStart < LEASE_MS) return;
    this.previous = nowMs - this.periodStart < 2 * LEASE_MS ? this.current : 0;
    this.current = 0;
    this.periodStart = nowMs;
  }
}
