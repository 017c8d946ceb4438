import { AsyncLocalStorage } from 'node:async_hooks';

/** What one search reads at most once: the served layer versions and the index builds' digest. */
export type OnceRead = 'layer-versions' | 'builds-digest';

const reads = new AsyncLocalStorage<Map<OnceRead, Promise<string>>>();

/**
 * Runs one search with each stamp read at most once (readOnce). A plan asks the layer versions and
 * the builds digest from several checks (scope, coverage, unbuilt gminas, zoning evidence, fronts,
 * the index check, then the column lease): each was a round trip, the digest an aggregate over
 * every build, five or six of them a national search (docs/performance.md). One reading per
 * search is also one consistent view: the checks and the lease agree on which builds they saw. A
 * build committed during the search is still caught where it matters: the page statement computes
 * the digest afresh and falls back to PostgreSQL when it differs from the lease's.
 */
export function withStampsReadOnce<T>(search: () => Promise<T>): Promise<T> {
  return reads.run(new Map(), search);
}

/** The stamp from `read`, read once within withStampsReadOnce and on every call outside it. */
export function readOnce(what: OnceRead, read: () => Promise<string>): Promise<string> {
  const memo = reads.getStore();
  if (!memo) return read();
  let stamp = memo.get(what);
  if (!stamp) {
    stamp = read();
    memo.set(what, stamp);
    // a failed read is not remembered
    stamp.catch(() => {
      if (memo.get(what) === stamp) memo.delete(what);
    });
  }
  return stamp;
}

/** Work that outlives the search that started it (a background column load) reads its own stamps. */
export function outsideSearchReads<T>(fn: () => T): T {
  return reads.exit(fn);
}
