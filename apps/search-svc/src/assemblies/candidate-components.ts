/**
 * The candidates as a graph, in any order: candidate k is `ids[k]` of `areas[k]` square metres; edge j joins
 * candidates `from[j]` and `to[j]` (at most the gap apart). An edge may come twice (a pair across a
 * gmina border is stored by both gminas).
 */
export interface CandidateGraph {
  ids: readonly string[];
  areas: readonly number[];
  from: readonly number[];
  to: readonly number[];
}

export interface PickedCandidates {
  /** Candidates (indices) in components of at least the minimum total area, largest component first, at most `cap`. */
  picked: number[];
  /** Per picked candidate, its picked neighbours (indices), each once. */
  neighbours: Map<number, number[]>;
  /** Whether components large enough held more candidates than `cap`. */
  truncated: boolean;
}

/** Ids in byte order (as COLLATE "C"; parcel ids are ASCII, where UTF-16 order is byte order). */
function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The connected components of the graph (union-find, O(E α(N))), those of at least `minTotalArea`
 * picked as ST_ClusterDBSCAN(eps := gap, minpoints := 1) clusters were: components by total area,
 * largest first (ties by their smallest id), members largest first (ties by id), at most `cap`.
 */
export function pickComponents(graph: CandidateGraph, minTotalArea: number, cap: number): PickedCandidates {
  const { ids, areas } = graph;
  const n = ids.length;
  const parent = new Int32Array(n);
  for (let k = 0; k < n; k++) parent[k] = k;
  const root = (k: number): number => {
    while (parent[k] !== k) {
      parent[k] = parent[parent[k]!]!; // path halving
      k = parent[k]!;
    }
    return k;
  };
  for (let j = 0; j < graph.from.length; j++) {
    const [a, b] = [root(graph.from[j]!), root(graph.to[j]!)];
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const total = new Float64Array(n);
  const members = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    const r = root(k);
    total[r]! += areas[k]!;
    const list = members.get(r);
    if (list) list.push(k);
    else members.set(r, [k]);
  }
  const largest = (a: number, b: number): number => areas[b]! - areas[a]! || byId(ids[a]!, ids[b]!);
  const large = [...members.entries()]
    .filter(([r]) => total[r]! >= minTotalArea)
    .map(([r, list]) => ({ total: total[r]!, smallest: list.reduce((s, k) => (ids[k]! < s ? ids[k]! : s), ids[list[0]!]!), list }))
    .sort((a, b) => b.total - a.total || byId(a.smallest, b.smallest));
  const picked: number[] = [];
  let available = 0;
  for (const component of large) {
    available += component.list.length;
    if (picked.length < cap) picked.push(...component.list.sort(largest));
  }
  picked.length = Math.min(picked.length, cap);
  return { picked, neighbours: neighboursAmong(graph, picked), truncated: available > cap };
}

function neighboursAmong(graph: CandidateGraph, picked: readonly number[]): Map<number, number[]> {
  const neighbours = new Map<number, Set<number>>(picked.map((k) => [k, new Set()]));
  for (let j = 0; j < graph.from.length; j++) {
    const [a, b] = [graph.from[j]!, graph.to[j]!];
    const [na, nb] = [neighbours.get(a), neighbours.get(b)];
    if (!na || !nb) continue;
    na.add(b);
    nb.add(a);
  }
  return new Map([...neighbours].map(([k, set]) => [k, [...set]]));
}
