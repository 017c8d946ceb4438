import { describe, expect, it } from '@jest/globals';
import { ReplicaFreshness } from './replica-freshness.js';
import { parseWalLsn } from './wal-lsn.js';

/** A replica whose replay position the test sets, counting how often it is asked. */
function replica(position: string | null) {
  const state = { position, asked: 0, clock: 0 };
  const freshness = new ReplicaFreshness(
    async () => {
      state.asked++;
      return state.position;
    },
    200,
    () => state.clock,
  );
  return { state, freshness };
}

describe('WAL positions', () => {
  it('compare in WAL order, the high part first', () => {
    expect(parseWalLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseWalLsn('1/0')! > parseWalLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseWalLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
  });

  it('are null when malformed, never taken for an old or a new position', () => {
    for (const text of ['', '0', '0/', 'x/1', '0/1/2', '123456789/0', null, 42]) expect(parseWalLsn(text)).toBeNull();
  });
});

describe('ReplicaFreshness', () => {
  it('is fresh before any switch was heard, without asking the replica', async () => {
    const { state, freshness } = replica('0/10');
    expect(await freshness.fresh()).toBe(true);
    expect(state.asked).toBe(0);
  });

  it('is behind a switch the replica has not replayed, and fresh once it has', async () => {
    const { state, freshness } = replica('0/10');
    freshness.heard('0/20');
    expect(await freshness.fresh()).toBe(false);
    state.position = '0/20';
    state.clock += 200;
    expect(await freshness.fresh()).toBe(true);
  });

  it('asks a replica that is behind at most once per recheck interval, one question for reads waiting together', async () => {
    const { state, freshness } = replica('0/10');
    freshness.heard('0/20');
    expect(await Promise.all([freshness.fresh(), freshness.fresh(), freshness.fresh()])).toEqual([false, false, false]);
    expect(state.asked).toBe(1);
    state.position = '0/20';
    state.clock += 199;
    expect(await freshness.fresh()).toBe(false);
    expect(state.asked).toBe(1);
    state.clock += 1;
    expect(await freshness.fresh()).toBe(true);
    expect(state.asked).toBe(2);
  });

  it('stops asking once the replica reached the newest switch, until a newer one is heard', async () => {
    const { state, freshness } = replica('0/30');
    freshness.heard('0/20');
    expect(await freshness.fresh()).toBe(true);
    state.clock += 1000;
    expect(await freshness.fresh()).toBe(true);
    expect(state.asked).toBe(1);
    freshness.heard('0/10');
    expect(await freshness.fresh()).toBe(true);
    freshness.heard('0/40');
    state.clock += 1000;
    expect(await freshness.fresh()).toBe(false);
    expect(state.asked).toBe(2);
  });

  it('treats a replica it cannot ask, or one not in recovery (no replay position), as behind', async () => {
    const failing = new ReplicaFreshness(() => Promise.reject(new Error('connection refused')));
    failing.heard('0/1');
    expect(await failing.fresh()).toBe(false);
    const { freshness } = replica(null);
    freshness.heard('0/1');
    expect(await freshness.fresh()).toBe(false);
  });

  it('ignores a position it cannot read', () => {
    const { freshness } = replica('0/10');
    expect(freshness.heard('soon')).toBe(false);
    expect(freshness.requiredPosition).toBe(0n);
  });
});
