import type { Matched } from '../engine/columns/column-search.js';
import type { CandidateGraph } from './candidate-components.js';

/**
 * The candidate graph from the in-memory engine (issue 20): the rows that passed the per-parcel
 * filters are the candidates, with their areas, and the edges are the gminas' neighbour pairs within
 * the gap whose two ends are both candidates, what the PostgreSQL statement of
 * AssemblyRepository.candidatesByAdjacency sends. A national scope without filters has a million
 * candidates and two million pairs at 1 M parcels: read from PostgreSQL that took seconds, here
 * it is a few passes over typed arrays.
 */
export function candidateGraphInMemory(matched: readonly Matched[], gapM: number): CandidateGraph {
  const count = matched.reduce((sum, m) => sum + m.rows.length, 0);
  const keys = new Int32Array(count);
  const areas = new Float64Array(count);
  let maxKey = 0;
  let next = 0;
  for (const m of matched) {
    const area = m.chunk.columns.get('area_sqm') as Float64Array;
    for (let k = 0; k < m.rows.length; k++) {
      const row = m.rows[k]!;
      const key = m.chunk.keys[row]!;
      keys[next] = key;
      areas[next++] = area[row]!;
      if (key > maxKey) maxKey = key;
    }
  }
  // keys are dense (assigned 1, 2, ...), so a key's candidate number is an array lookup (-1: none)
  const candidateOf = new Int32Array(maxKey + 1).fill(-1);
  for (let k = 0; k < count; k++) candidateOf[keys[k]!] = k;
  const pairCount = matched.reduce((sum, m) => sum + m.chunk.pairs.get(gapM)!.length / 2, 0);
  const from = new Int32Array(pairCount);
  const to = new Int32Array(pairCount);
  let edges = 0;
  for (const m of matched) {
    const pairs = m.chunk.pairs.get(gapM)!;
    for (let j = 0; j < pairs.length; j += 2) {
      const a = pairs[j]!;
      const b = pairs[j + 1]!;
      if (a > maxKey || b > maxKey) continue;
      const ca = candidateOf[a]!;
      const cb = candidateOf[b]!;
      if (ca < 0 || cb < 0) continue;
      from[edges] = ca;
      to[edges++] = cb;
    }
  }
  return { keys, areas, from: from.subarray(0, edges), to: to.subarray(0, edges) };
}
