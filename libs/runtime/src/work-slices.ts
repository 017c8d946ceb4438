import { setImmediate as nextTurn } from 'node:timers/promises';
import { cancellationCheck } from './cancellation.js';

/**
 * Milliseconds of synchronous work a long pass does before it lets the event loop run. A gmina
 * search's own steps (its message, its plan's queries, its in-memory pass) are each well under a
 * millisecond of CPU, so each waits at most about this long behind a national pass in the same
 * process, instead of the whole pass (hundreds of milliseconds on a loaded machine).
 */
export const WORK_SLICE_MS = 2;

/**
 * A long synchronous pass (the in-memory search pass, site assembly) cut into slices of about
 * WORK_SLICE_MS, the event loop let go in between (setImmediate: every I/O callback waiting runs
 * first), and the request's cancellation checked at every step. Use it in the pass's loop as
 *
 *     if (slices.due()) await slices.next(); else slices.check();
 *
 * so a step costs a clock read, and an await only where a slice ends. Whatever the pass holds
 * across `next()` must be its own: another request may run in between.
 */
export class WorkSlices {
  /** Throws the cancellation's error once the request's caller has gone or its deadline passed. */
  readonly check: () => void;
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = WORK_SLICE_MS) {
    this.check = cancellationCheck();
  }

  /** Whether this slice has had its time. */
  due(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  /** Lets the event loop run, then checks the cancellation (it may have come meanwhile) and starts a new slice. */
  async next(): Promise<void> {
    this.check();
    await nextTurn();
    this.check();
    this.sliceStart = performance.now();
  }
}
