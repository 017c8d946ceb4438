import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /** Absolute deadline in ms since epoch, when the caller sent one. */
  deadlineMs?: number;
  /**
   * Aborted when the work is for nobody any more: the caller went away (a cancel message) or the
   * deadline passed. Statements and engine loops of the request watch it (cancellation.ts).
   */
  signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The deadline of the request being handled (ms since epoch), for the database's deadline guard. */
export function currentDeadlineMs(): number | undefined {
  return storage.getStore()?.deadlineMs;
}

/** The cancellation signal of the request being handled, for the database's statement guard. */
export function currentSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/**
 * Runs work that outlives the request that started it (a cache filled in the background) outside
 * that request's context: its database statements get no deadline and its logs no request id.
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}
