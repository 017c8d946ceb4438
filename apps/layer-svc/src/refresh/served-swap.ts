import { AppError } from '@lp/contracts';
import type { LayerStorageRepository } from '../storage/layer-storage.repository.js';

/**
 * How long a swap may wait for the published views' locks. `CREATE OR REPLACE VIEW` needs the
 * view to itself; while it waits for a long reader (an analyst's open transaction), PostgreSQL
 * queues every later reader of the view behind it. So each attempt waits at most `lockTimeoutMs`
 * (what a lookup may be delayed by), gives way for a growing pause, and tries again until
 * `maxWaitMs` has passed; then the refresh reports that it could not swap.
 */
export interface SwapPolicy {
  lockTimeoutMs: number;
  maxWaitMs: number;
  firstPauseMs: number;
  maxPauseMs: number;
}

export const DEFAULT_SWAP_POLICY: SwapPolicy = { lockTimeoutMs: 300, maxWaitMs: 15 * 60_000, firstPauseMs: 500, maxPauseMs: 30_000 };

/** The served view stayed locked by readers for longer than the policy allows. */
export class SwapBlockedError extends AppError {}

/**
 * Runs `work` (the statements that point the views at a new version) in one transaction under a
 * short lock timeout, retrying with back-off while readers hold the views. Any other error is
 * thrown at once; the transaction is rolled back either way.
 */
export async function swapWithoutQueueing<T>(
  storage: LayerStorageRepository,
  layerId: string,
  work: () => Promise<T>,
  policy: SwapPolicy,
  say: (message: string) => void,
): Promise<T> {
  const started = Date.now();
  let pause = policy.firstPauseMs;
  for (let attempt = 1; ; attempt++) {
    await storage.startTransaction();
    try {
      await storage.setLocalLockTimeout(policy.lockTimeoutMs);
      const result = await work();
      await storage.commit();
      return result;
    } catch (error) {
      await storage.rollback();
      if (!isLockTimeout(error)) throw error;
    }
    const waited = Date.now() - started;
    if (waited + pause > policy.maxWaitMs) {
      const holders = await storage.viewLockHolders(layerId).catch(() => []);
      const who = holders.length > 0 ? ` (held by ${holders.map((h) => `pid ${h.pid} ${h.usename ?? ''} in a transaction since ${h.xact_start?.toISOString() ?? '?'}`).join('; ')})` : '';
      throw new SwapBlockedError(
        'service_unavailable',
        `Could not swap in the new version of ${layerId}: readers held its published view for ${Math.round(waited / 1000)} s over ${attempt} attempt(s)${who}; the previous version stays served.`,
      );
    }
    say(`${layerId}: the published view is held by a reader; swap attempt ${attempt} gave way, next in ${pause} ms`);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, policy.maxPauseMs);
  }
}

/** PostgreSQL's lock_not_available (55P03), as pg or TypeORM's QueryFailedError carries it. */
function isLockTimeout(error: unknown): boolean {
  const candidate = error as { code?: string; driverError?: { code?: string } } | null;
  return candidate?.code === '55P03' || candidate?.driverError?.code === '55P03';
}
