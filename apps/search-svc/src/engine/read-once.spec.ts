import { describe, expect, it } from '@jest/globals';
import { outsideSearchReads, readOnce, withStampsReadOnce } from './read-once.js';

/** A stamp source that counts its reads and answers `stamp-<n>`. */
function counter(): { read: () => Promise<string>; reads: () => number } {
  let n = 0;
  return { read: async () => `stamp-${++n}`, reads: () => n };
}

describe('readOnce', () => {
  it('reads on every call outside a search', async () => {
    const source = counter();
    expect([await readOnce('builds-digest', source.read), await readOnce('builds-digest', source.read)]).toEqual(['stamp-1', 'stamp-2']);
  });

  it('reads each stamp once within a search, however many checks ask, awaited or not', async () => {
    const digest = counter();
    const versions = counter();
    const seen = await withStampsReadOnce(async () => {
      const first = await Promise.all([readOnce('builds-digest', digest.read), readOnce('builds-digest', digest.read), readOnce('layer-versions', versions.read)]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [...first, await readOnce('builds-digest', digest.read), await readOnce('layer-versions', versions.read)];
    });
    expect(seen).toEqual(['stamp-1', 'stamp-1', 'stamp-1', 'stamp-1', 'stamp-1']);
    expect([digest.reads(), versions.reads()]).toEqual([1, 1]);
  });

  it('gives each search its own reading, so the next search sees a build committed since', async () => {
    const digest = counter();
    const first = await withStampsReadOnce(() => readOnce('builds-digest', digest.read));
    const second = await withStampsReadOnce(() => readOnce('builds-digest', digest.read));
    expect([first, second]).toEqual(['stamp-1', 'stamp-2']);
  });

  it('does not remember a failed read', async () => {
    let calls = 0;
    const flaky = async (): Promise<string> => {
      calls++;
      if (calls === 1) throw new Error('connection reset');
      return 'ok';
    };
    const answers = await withStampsReadOnce(async () => {
      const failed = await readOnce('builds-digest', flaky).catch((error: Error) => error.message);
      return [failed, await readOnce('builds-digest', flaky), await readOnce('builds-digest', flaky)];
    });
    expect(answers).toEqual(['connection reset', 'ok', 'ok']);
    expect(calls).toBe(2);
  });

  it('leaves work that outlives the search (a background load) to read for itself', async () => {
    const digest = counter();
    const [inside, outside] = await withStampsReadOnce(async () => [await readOnce('builds-digest', digest.read), await outsideSearchReads(() => readOnce('builds-digest', digest.read))]);
    expect([inside, outside]).toEqual(['stamp-1', 'stamp-2']);
  });
});
