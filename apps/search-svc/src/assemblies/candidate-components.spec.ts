import { describe, expect, it } from '@jest/globals';
import { pickComponents, type CandidateGraph } from './candidate-components.js';

/** a–b–c chained, d alone, e–f; ids in byte order, so indices are id order. */
const GRAPH: CandidateGraph = {
  ids: ['a', 'b', 'c', 'd', 'e', 'f'],
  areas: [100, 300, 200, 700, 400, 300],
  from: [0, 2, 4, 1],
  to: [1, 1, 5, 0],
};

describe('pickComponents', () => {
  it('picks components of the minimum total, largest first, members largest first', () => {
    const { picked, neighbours, truncated } = pickComponents(GRAPH, 600, 100);
    // a–b–c 600 and d 700 and e–f 700: the ties by smallest id (d before e)
    expect(picked.map((k) => GRAPH.ids[k])).toEqual(['d', 'e', 'f', 'b', 'c', 'a']);
    expect(truncated).toBe(false);
    // a duplicated pair (b–a twice) is one neighbour
    expect(neighbours.get(1)!.sort()).toEqual([0, 2]);
    expect(neighbours.get(3)).toEqual([]);
  });

  it('leaves out components too small and stops at the cap, saying so', () => {
    expect(pickComponents(GRAPH, 650, 100).picked.map((k) => GRAPH.ids[k])).toEqual(['d', 'e', 'f']);
    const capped = pickComponents(GRAPH, 600, 2);
    expect(capped.picked.map((k) => GRAPH.ids[k])).toEqual(['d', 'e']);
    expect(capped.truncated).toBe(true);
    // a neighbour beyond the cap is not one
    expect(capped.neighbours.get(4)).toEqual([]);
  });

  it('does not depend on the order the candidates come in', () => {
    const order = [5, 3, 0, 4, 2, 1];
    const at = new Map(order.map((k, position) => [k, position]));
    const shuffled: CandidateGraph = {
      ids: order.map((k) => GRAPH.ids[k]!),
      areas: order.map((k) => GRAPH.areas[k]!),
      from: Array.from(GRAPH.from, (k) => at.get(k)!),
      to: Array.from(GRAPH.to, (k) => at.get(k)!),
    };
    const ids = (graph: CandidateGraph, min: number, cap: number) => pickComponents(graph, min, cap).picked.map((k) => graph.ids[k]);
    expect(ids(shuffled, 600, 100)).toEqual(ids(GRAPH, 600, 100));
    expect(ids(shuffled, 600, 4)).toEqual(ids(GRAPH, 600, 4));
  });
});
