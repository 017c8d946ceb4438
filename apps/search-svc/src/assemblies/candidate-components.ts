/**
 * The candidates as a graph, in any order: candidate k is `ids[k]` of `areas[k]` square metres; edge j
 * joins candidates `from[j]` and `to[j]` (at most the gap apart). An edge may come twice (a pair across
 * a gmina border is stored by both gminas).
 */
export interface CandidateGraph {
  ids: readonly string[];
  areas: ArrayLike<number>;
  from: ArrayLike<number>;
  to: ArrayLike<number>;
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
  const rootOf = components(graph);
  const total = new Float64Array(ids.length);
  for (let k = 0; k < ids.length; k++) total[rootOf[k]!]! += areas[k]!;
  // member lists only for the components large enough: a national scope has many small ones
  const members = new Map<number, number[]>();
  for (let k = 0; k < ids.length; k++) {
    const r = rootOf[k]!;
    if (total[r]! < minTotalArea) continue;
    const list = members.get(r);
    if (list) list.push(k);
    else members.set(r, [k]);
  }
  const largest = (a: number, b: number): number => areas[b]! - areas[a]! || byId(ids[a]!, ids[b]!);
  const smallestId = (list: readonly number[]): string => list.reduce((s, k) => (ids[k]! < s ? ids[k]! : s), ids[list[0]!]!);
  const large = [...members.entries()]
    .map(([r, list]) => ({ total: total[r]!, smallest: smallestId(list), list }))
    .sort((a, b) => b.total - a.total || byId(a.smallest, b.smallest));
  const picked: number[] = [];
  let available = 0;
  for (const component of large) {
    available += component.list.length;
    if (picked.length >= cap) continue;
    for (const k of component.list.sort(largest)) if (picked.length < cap) picked.push(k);
  }
  return { picked, neighbours: neighboursAmong(graph, picked), truncated: available > cap };
}

/** Per candidate, the root of its component. */
function components(graph: CandidateGraph): Int32Array {
  const n = graph.ids.length;
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
    const a = root(graph.from[j]!);
    const b = root(graph.to[j]!);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
  }
  for (let k = 0; k < n; k++) parent[k] = root(k);
  return parent;
}

function neighboursAmong(graph: CandidateGraph, picked: readonly number[]): Map<number, number[]> {
  const isPicked = new Uint8Array(graph.ids.length);
  for (const k of picked) isPicked[k] = 1;
  const neighbours = new Map<number, number[]>(picked.map((k) => [k, []]));
  for (let j = 0; j < graph.from.length; j++) {
    const a = graph.from[j]!;
    const b = graph.to[j]!;
    if (isPicked[a] === 0 || isPicked[b] === 0) continue;
    const ofA = neighbours.get(a)!;
    // a pair across a gmina border comes twice, once from each gmina
    if (ofA.includes(b)) continue;
    ofA.push(b);
    neighbours.get(b)!.push(a);
  }
  return neighbours;
}
