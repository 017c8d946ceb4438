import { describe, expect, it } from '@jest/globals';
import { gcra } from './gcra.js';
import { bookAhead, Demand, extendLease, LEASE_MS, leases, MAX_LEASE_UNITS, MIN_LEASE_DEMAND, spendLease, type Lease } from './rate-limit-lease.js';

const MINUTE = 60_000;

describe('rate-limit leases', () => {
  it('lease only limits with a short emission interval: the tile class does, the ordinary 600 a minute does not', () => {
    expect(leases(3000, MINUTE)).toBe(true);
    expect(leases(1200, MINUTE)).toBe(true);
    expect(leases(1199, MINUTE)).toBe(false);
    expect(leases(600, MINUTE)).toBe(false);
    expect(leases(6, MINUTE)).toBe(false);
  });

  it('books ahead exactly the units the GCRA would let through one by one, and stops at the first refusal', () => {
    const now = 1_000_000;
    let tat: number | null = null;
    for (let i = 0; i < 95; i++) tat = gcra(now, tat, 100, MINUTE).nextTat;
    const booked = bookAhead(now, tat, 100, MINUTE, 64);
    expect(booked.units).toBe(5);
    expect(booked.tat).toBe(tat! + 5 * (MINUTE / 100));
    expect(gcra(now, booked.tat, 100, MINUTE).allowed).toBe(false);
    expect(bookAhead(now, booked.tat, 100, MINUTE, 64)).toEqual({ units: 0, tat: booked.tat });
  });

  it('spends a lease unit by unit until it is empty, ends or the limit changes', () => {
    const now = 5_000;
    const lease: Lease = { units: 2, tat: now + 1000, expiresAt: now + LEASE_MS, limit: 3000, windowMs: MINUTE };
    const first = spendLease(lease, now, 3000, MINUTE)!;
    expect(first.allowed).toBe(true);
    // what the shared state still allows (59 intervals of 20 ms left in the window) plus the unit still held
    expect(first.remaining).toBe(Math.floor((MINUTE - 1000) / 20) + 1);
    expect(spendLease(lease, now, 6000, MINUTE)).toBeUndefined();
    expect(spendLease(lease, now + LEASE_MS, 3000, MINUTE)).toBeUndefined();
    expect(spendLease(lease, now, 3000, MINUTE)!.remaining).toBe(Math.floor((MINUTE - 1000) / 20));
    expect(spendLease(lease, now, 3000, MINUTE)).toBeUndefined();
    expect(spendLease(undefined, now, 3000, MINUTE)).toBeUndefined();
  });

  it('wants nothing for a sporadic caller and the last period\'s demand, capped, for a busy one', () => {
    const demand = new Demand();
    for (let t = 0; t < 10 * LEASE_MS; t += LEASE_MS / 2) demand.seen(t);
    expect(demand.wanted(10 * LEASE_MS)).toBe(0);
    const busy = new Demand();
    for (let n = 0; n < 40; n++) busy.seen(n); // 40 requests in the first period
    expect(busy.wanted(LEASE_MS - 1)).toBe(0); // no full period yet
    expect(busy.wanted(LEASE_MS)).toBe(40);
    expect(busy.wanted(3 * LEASE_MS)).toBe(0); // an idle period in between: demand forgotten
    const flood = new Demand();
    for (let n = 0; n < 1000; n++) flood.seen(n % LEASE_MS);
    expect(flood.wanted(LEASE_MS)).toBe(MAX_LEASE_UNITS);
    const few = new Demand();
    for (let n = 0; n < MIN_LEASE_DEMAND - 1; n++) few.seen(n);
    expect(few.wanted(LEASE_MS)).toBe(0);
  });
});

describe('extendLease', () => {
  const booked: Lease = { units: 10, tat: 9_000, expiresAt: 1_250, limit: 3000, windowMs: MINUTE };

  it('keeps the units still held under the same limit: the shared state counts them already', () => {
    const held: Lease = { units: 5, tat: 8_000, expiresAt: 1_100, limit: 3000, windowMs: MINUTE };
    expect(extendLease(held, booked, 1_000)).toEqual({ ...booked, units: 15 });
  });

  it('drops an ended lease or one under another limit', () => {
    expect(extendLease({ units: 5, tat: 8_000, expiresAt: 1_000, limit: 3000, windowMs: MINUTE }, booked, 1_000)).toEqual(booked);
    expect(extendLease({ units: 5, tat: 8_000, expiresAt: 1_100, limit: 6000, windowMs: MINUTE }, booked, 1_000)).toEqual(booked);
    expect(extendLease(undefined, booked, 1_000)).toEqual(booked);
  });
});
