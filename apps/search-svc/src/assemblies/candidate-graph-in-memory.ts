import type { Matched } from '../engine/columns/column-search.js';
import { numberAt, type DenseNumbers } from '../engine/columns/column-coded.js';
import { candidateGraph, type CandidateGraph } from './candidate-components.js';

/**
 * The candidate graph from the in-memory engine, so site assembly needs no read of every
 * candidate: the rows that passed the per-parcel
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
  let next = 0;
  for (const m of matched) {
    const area = m.chunk.columns.get('area_sqm') as DenseNumbers;
    for (let k = 0; k < m.rows.length; k++) {
      const row = m.rows[k]!;
      keys[next] = m.chunk.keys.at(row);
      areas[next++] = numberAt(area, row);
    }
  }
  return candidateGraph(keys, areas, matched.map((m) => m.chunk.pairs.get(gapM)!));
}
