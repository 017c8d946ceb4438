import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { runWithRequestContext } from './request-context.js';
import { WorkSlices } from './work-slices.js';

/** Busy for `ms` of wall time, as a slice of a synchronous pass is. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('WorkSlices', () => {
  it('lets other work of the process run between slices of a long pass, not only at its end', async () => {
    const slices = new WorkSlices(2);
    const order: string[] = [];
    // a cheap request arriving while the pass runs
    setImmediate(() => order.push('other request'));
    for (let step = 0; step < 10; step++) {
      spin(1);
      order.push(`step ${step}`);
      if (slices.due()) await slices.next();
      else slices.check();
    }
    expect(order.indexOf('other request')).toBeGreaterThan(0);
    expect(order.indexOf('other request')).toBeLessThan(5);
  });

  it('is not due before its slice has had its time', () => {
    const slices = new WorkSlices(1_000);
    expect(slices.due()).toBe(false);
  });

  it("stops the pass with the cancellation's error once the caller has gone, also when the abort comes while it waits", async () => {
    const caller = new AbortController();
    await runWithRequestContext({ requestId: 'r', signal: caller.signal }, async () => {
      const slices = new WorkSlices(0);
      slices.check();
      setImmediate(() => caller.abort(new AppError('upstream_timeout', 'The caller went away.')));
      await expect(slices.next()).rejects.toThrow('The caller went away.');
      expect(() => slices.check()).toThrow(AppError);
    });
  });

  it('stops the pass once the deadline has passed, read from the clock', async () => {
    await runWithRequestContext({ requestId: 'r', deadlineMs: Date.now() - 1 }, async () => {
      expect(() => new WorkSlices().check()).toThrow(/deadline/);
    });
  });
});
