import { describe, expect, it } from '@jest/globals';
import { gcra } from './gcra.js';

const MINUTE = 60_000;

describe('gcra', () => {
  it('lets a fresh key spend its whole per-minute budget at once, then refuses', () => {
    let tat: number | null = null;
    const now = 1_000_000;
    for (let request = 0; request < 10; request++) {
      const decision = gcra(now, tat, 10, MINUTE);
      expect(decision.allowed).toBe(true);
      expect(decision.remaining).toBe(9 - request);
      tat = decision.nextTat;
    }
    const refused = gcra(now, tat, 10, MINUTE);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterS).toBe(6);
  });

  it('allows one more request per emission interval as time passes', () => {
    let tat: number | null = null;
    for (let request = 0; request < 10; request++) tat = gcra(0, tat, 10, MINUTE).nextTat;
    expect(gcra(5_999, tat, 10, MINUTE).allowed).toBe(false);
    expect(gcra(6_000, tat, 10, MINUTE).allowed).toBe(true);
  });

  it('never asks to wait less than a second or more than the window', () => {
    let tat: number | null = null;
    for (let request = 0; request < 1000; request++) tat = gcra(0, tat, 1000, MINUTE).nextTat;
    const refused = gcra(0, tat, 1000, MINUTE);
    expect(refused.retryAfterS).toBe(1);
    const slow = gcra(0, gcra(0, null, 1, MINUTE).nextTat, 1, MINUTE);
    expect(slow.retryAfterS).toBe(60);
  });

  it('counts a request of several cost units as that many, and one above the whole budget as the budget', () => {
    // 3000 units a minute: a 200-unit request spends 4 s worth of budget
    let tat: number | null = null;
    for (let request = 0; request < 15; request++) {
      const decision = gcra(0, tat, 3000, MINUTE, 200);
      expect(decision.allowed).toBe(true);
      tat = decision.nextTat;
    }
    const sixteenth = gcra(0, tat, 3000, MINUTE, 200);
    expect(sixteenth).toMatchObject({ allowed: false, retryAfterS: 4 });
    expect(gcra(0, tat, 3000, MINUTE, 3).allowed).toBe(false);
    expect(gcra(4_000, tat, 3000, MINUTE, 200).allowed).toBe(true);
    expect(gcra(0, null, 100, MINUTE, 1_000)).toMatchObject({ allowed: true, remaining: 0 });
  });
});
