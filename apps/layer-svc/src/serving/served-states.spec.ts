import { describe, expect, it } from '@jest/globals';
import { ServedStates } from './served-states.js';
import type { ServedVersion, ServedVersionRepository } from './served-version.repository.js';

/** A state table whose reads the test finishes by hand, to order them against the confirmations. */
class HeldReads {
  version = 1;
  readonly pending: Array<() => void> = [];

  current(layerId: string): Promise<ServedVersion> {
    const version = this.version; // the read's snapshot: the state when it started
    return new Promise((resolve) => this.pending.push(() => resolve({ layerId, version, table: `f_${layerId}__${version}`, refreshedAt: null, featureCount: 0 })));
  }

  async finishOne(): Promise<void> {
    this.pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('served states', () => {
  it('confirm with a read that started after they were asked for, sharing it', async () => {
    const reads = new HeldReads();
    const states = new ServedStates(reads as unknown as ServedVersionRepository);
    const early = states.confirmed('parcels');
    reads.version = 2; // a refresh commits while the first read is under way
    const late = [states.confirmed('parcels'), states.confirmed('parcels'), states.confirmed('parcels')];
    await reads.finishOne();
    expect((await early).version).toBe(1);
    expect(reads.pending).toHaveLength(1);
    await reads.finishOne();
    expect((await Promise.all(late)).map((served) => served.version)).toEqual([2, 2, 2]);
    expect(reads.pending).toHaveLength(0);
  });

  it('assume the state last seen, read or reported by a statement', async () => {
    const reads = new HeldReads();
    const states = new ServedStates(reads as unknown as ServedVersionRepository);
    const first = states.assumed('parcels');
    await reads.finishOne();
    expect((await first).version).toBe(1);
    expect((await states.assumed('parcels')).version).toBe(1);
    states.saw({ layerId: 'parcels', version: 5, table: 'f_parcels__5', refreshedAt: null, featureCount: 0 });
    expect((await states.assumed('parcels')).version).toBe(5);
    expect(reads.pending).toHaveLength(0);
  });
});
