import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, once a large column load is done, so memory follows what is held.
 * A national load reads
 * hundreds of megabytes of text and buffers from PostgreSQL that are garbage as soon as each batch
 * is decoded, and V8 collects them at its own pace, so search-svc stayed far above what its columns
 * need until it did (docs/performance.md). The pause (tens of
 * milliseconds) comes once per load of many megabytes, minutes apart. `gc` is exposed in a context
 * of its own, so the process needs no `--expose-gc` flag.
 */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
