import { describe, expect, it } from '@jest/globals';
import { pickComponents, type CandidateGraph } from './candidate-components.js';

/** a–b–c chained, d alone, e–f; keys 10, 11, ... in id order. */
const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const GRAPH: CandidateGraph = {
  keys: [10, 11, 12, 13, 14, 15],
  areas: [100, 300, 200, 700, 400, 300],
  from: [0, 2, 4, 1],
  to: [1, 1, 5, 0],
};

/** The picks' ids, sorted (the picking says which, not in what order), and which candidates had their ids asked for. */
async function pick(graph: CandidateGraph, ids: readonly string[], min: number, cap: number, maxParcels = 10) {
  const asked: number[] = [];
  const picked = await pickComponents(graph, { minTotalArea: min, maxParcels }, cap, async (candidates) => {
    asked.push(...candidates);
    return new Map(candidates.map((k) => [k, ids[k]!]));
  });
  return { ...picked, ids: picked.picked.map((k) => ids[k]!).sort(), asked: asked.map((k) => ids[k]!).sort() };
}

describe('pickComponents', () => {
  it('picks the components of the minimum total, each whole, asking no ids when all fit', async () => {
    const { ids, neighbours, truncated, asked } = await pick(GRAPH, IDS, 600, 100);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(truncated).toBe(false);
    expect(asked).toEqual([]);
    // a duplicated pair (b–a twice) is one neighbour
    expect(neighbours.get(1)!.sort()).toEqual([0, 2]);
    expect(neighbours.get(3)).toEqual([]);
  });

  it('leaves out components too small and stops at the cap, saying so: largest first, ties by smallest id, members largest first', async () => {
    expect((await pick(GRAPH, IDS, 650, 100)).ids).toEqual(['d', 'e', 'f']);
    // d 700 and e–f 700 tie: d has the smaller id
    const capped = await pick(GRAPH, IDS, 600, 2);
    expect(capped.ids).toEqual(['d', 'e']);
    expect(capped.truncated).toBe(true);
    // only the tied components' ids were needed
    expect(capped.asked).toEqual(['d', 'e', 'f']);
    // a neighbour beyond the cap is not one
    expect(capped.neighbours.get(4)).toEqual([]);
    // the cap inside a–b–c (600, after the two of 700): b 300 then c 200
    expect((await pick(GRAPH, IDS, 600, 5)).ids).toEqual(['b', 'c', 'd', 'e', 'f']);
  });

  it('leaves out components whose max_parcels largest members cannot make the area, keeping the cap for those that can', async () => {
    // a–b–c makes 600 of three parcels, 500 of its two largest (b 300, c 200); d alone 700; e–f 700 of two
    expect((await pick(GRAPH, IDS, 600, 100, 2)).ids).toEqual(['d', 'e', 'f']);
    expect((await pick(GRAPH, IDS, 500, 100, 2)).ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // one parcel a site: only d (700) makes 600 alone, and a cap of 1 is not truncated by the others
    const single = await pick(GRAPH, IDS, 600, 1, 1);
    expect(single.ids).toEqual(['d']);
    expect(single.truncated).toBe(false);
  });

  it('breaks ties by id, not by key: keys in another order pick the same parcels', async () => {
    const reversed: CandidateGraph = { ...GRAPH, keys: Array.from(GRAPH.keys).reverse() };
    expect((await pick(reversed, IDS, 600, 2)).ids).toEqual(['d', 'e']);
    // equal areas inside a component: ties by id
    const even: CandidateGraph = { ...GRAPH, areas: [200, 200, 200, 700, 400, 300] };
    expect((await pick(even, IDS, 600, 4)).ids).toEqual(['a', 'd', 'e', 'f']);
  });

  it('does not depend on the order the candidates come in', async () => {
    const order = [5, 3, 0, 4, 2, 1];
    const at = new Map(order.map((k, position) => [k, position]));
    const shuffled: CandidateGraph = {
      keys: order.map((k) => GRAPH.keys[k]!),
      areas: order.map((k) => GRAPH.areas[k]!),
      from: Array.from(GRAPH.from, (k) => at.get(k)!),
      to: Array.from(GRAPH.to, (k) => at.get(k)!),
    };
    const shuffledIds = order.map((k) => IDS[k]!);
    for (const cap of [100, 4, 2, 1]) expect((await pick(shuffled, shuffledIds, 600, cap)).ids).toEqual((await pick(GRAPH, IDS, 600, cap)).ids);
  });
});
