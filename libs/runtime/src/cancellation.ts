import { AppError } from '@lp/contracts';
import { currentRequestContext } from './request-context.js';

/** The error a cancelled request's work ends with; its caller has gone, so nobody reads it but the logs. */
export function cancelledError(reason: 'caller_gone' | 'deadline'): AppError {
  return reason === 'deadline'
    ? new AppError('upstream_timeout', 'The request ran past its deadline and its work was stopped.')
    : new AppError('upstream_timeout', 'The caller went away and the work of its request was stopped.');
}

/**
 * One signal for "stop": aborted by `caller` (the caller went away) or when `deadlineMs` passes,
 * whichever comes first; its reason is the AppError to end the work with. `dispose` once the
 * request is answered, so no timer outlives it.
 */
export function requestSignal(caller: AbortSignal | undefined, deadlineMs: number | undefined): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = deadlineMs === undefined ? undefined : setTimeout(() => controller.abort(cancelledError('deadline')), Math.max(0, deadlineMs - Date.now()));
  timer?.unref();
  const onCaller = (): void => controller.abort(cancelledError('caller_gone'));
  if (caller?.aborted) onCaller();
  else caller?.addEventListener('abort', onCaller, { once: true });
  const dispose = (): void => {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onCaller);
  };
  return { signal: controller.signal, dispose };
}

/**
 * A check for long synchronous loops (the in-memory search passes, site assembly): throws the
 * cancellation's error once the request's signal is aborted or its deadline has passed. The
 * deadline is read from the clock, since a loop that never yields never sees the timer fire; the
 * context is looked up once, so the check costs two comparisons.
 */
export function cancellationCheck(): () => void {
  const context = currentRequestContext();
  const signal = context?.signal;
  const deadlineMs = context?.deadlineMs;
  if (!signal && deadlineMs === undefined) return () => undefined;
  return () => {
    if (signal?.aborted) throw signal.reason instanceof AppError ? signal.reason : cancelledError('caller_gone');
    if (deadlineMs !== undefined && Date.now() > deadlineMs) throw cancelledError('deadline');
  };
}
