import type { AssemblyLimits } from './site-assembler.js';

/**
 * The candidates as a graph, in any order: candidate k is the parcel of key `keys[k]`, of `areas[k]`
 * square metres; edge j joins candidates `from[j]` and `to[j]` (at most the gap apart). An edge may
 * come twice (a pair across a gmina border is stored by both gminas).
 */
export interface CandidateGraph {
  keys: ArrayLike<number>;
  areas: ArrayLike<number>;
  from: ArrayLike<number>;
  to: ArrayLike<number>;
}

/**
 * The graph of these candidates (parcel keys and areas, in one order) and these neighbour pairs
 * (flat lists of key pairs): a pair becomes an edge where both its keys are candidates. Keys are
 * dense (assigned 1, 2, ...), so a key's candidate number is an array lookup.
 */
export function candidateGraph(keys: Int32Array, areas: Float64Array, pairLists: readonly Int32Array[]): CandidateGraph {
  let maxKey = 0;
  for (let k = 0; k < keys.length; k++) if (keys[k]! > maxKey) maxKey = keys[k]!;
  const candidateOf = new Int32Array(maxKey + 1).fill(-1);
  for (let k = 0; k < keys.length; k++) candidateOf[keys[k]!] = k;
  const pairCount = pairLists.reduce((sum, pairs) => sum + pairs.length / 2, 0);
  const from = new Int32Array(pairCount);
  const to = new Int32Array(pairCount);
  let edges = 0;
  for (const pairs of pairLists) {
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

/** The parcel ids of these candidates (indices): asked only where ties are broken by id. */
export type IdsOf = (candidates: readonly number[]) => Promise<ReadonlyMap<number, string>>;

export interface PickedCandidates {
  /** Candidates (indices) in components of at least the minimum total area, at most `cap`, in no particular order. */
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

interface Component {
  total: number;
  list: number[];
}

/**
 * Whether a site of at most `maxParcels` of these members can reach `minTotalArea`: their largest
 * areas together do. A component failing it yields no site, however its members connect.
 */
export function canMakeSite(list: readonly number[], areas: ArrayLike<number>, { minTotalArea, maxParcels }: AssemblyLimits): boolean {
  const largest = Float64Array.from(list, (k) => areas[k]!).sort().reverse();
  let sum = 0;
  for (let i = 0; i < Math.min(maxParcels, largest.length); i++) sum += largest[i]!;
  return sum >= minTotalArea;
}

/**
 * The connected components of the graph (union-find, O(E α(N))) in which a site can be grown (the
 * `maxParcels` largest members make at least `minTotalArea`), picked as the ST_ClusterDBSCAN(eps :=
 * gap, minpoints := 1) clusters are (AssemblyRepository.candidates): components by total area,
 * largest first (ties by their smallest id), members largest first (ties by id), at most `cap`.
 * Leaving out the components that cannot make a site keeps the cap for those that can: at 5 M
 * parcels a national 20 ha search spent all 20,000 on blocks of plots too small to make 20 ha in 10.
 * Which candidates that picks depends on ids only where the cap falls among components of one
 * total: only their ids are asked for (a national scope has a million candidates, sent as keys).
 */
export async function pickComponents(graph: CandidateGraph, limits: AssemblyLimits, cap: number, idsOf: IdsOf): Promise<PickedCandidates> {
  const { keys, areas } = graph;
  const rootOf = components(graph);
  const total = new Float64Array(keys.length);
  for (let k = 0; k < keys.length; k++) total[rootOf[k]!]! += areas[k]!;
  // member lists only for the components large enough: a national scope has many small ones
  const members = new Map<number, number[]>();
  for (let k = 0; k < keys.length; k++) {
    const r = rootOf[k]!;
    if (total[r]! < limits.minTotalArea) continue;
    const list = members.get(r);
    if (list) list.push(k);
    else members.set(r, [k]);
  }
  const large: Component[] = [...members.entries()]
    .filter(([, list]) => list.length <= limits.maxParcels || canMakeSite(list, areas, limits))
    .map(([r, list]) => ({ total: total[r]!, list }))
    .sort((a, b) => b.total - a.total);
  const available = large.reduce((sum, component) => sum + component.list.length, 0);
  const picked: number[] = [];
  for (let i = 0; i < large.length && picked.length < cap; ) {
    let j = i;
    let size = 0;
    for (; j < large.length && large[j]!.total === large[i]!.total; j++) size += large[j]!.list.length;
    const tied = large.slice(i, j);
    // a total whose components all fit: their order, and their members', changes nothing picked
    if (picked.length + size <= cap) for (const component of tied) for (const k of component.list) picked.push(k);
    else for (const k of await byIdUpToCap(tied, areas, cap - picked.length, idsOf)) picked.push(k);
    i = j;
  }
  return { picked, neighbours: neighboursAmong(graph, picked), truncated: available > cap };
}

/** Components of one total where the cap falls: smallest id first, members largest first (ties by id), the first `room`. */
async function byIdUpToCap(tied: readonly Component[], areas: ArrayLike<number>, room: number, idsOf: IdsOf): Promise<number[]> {
  const ids = await idsOf(tied.flatMap((component) => component.list));
  const id = (k: number): string => ids.get(k)!;
  const largest = (a: number, b: number): number => areas[b]! - areas[a]! || byId(id(a), id(b));
  const ordered = tied
    .map((component) => ({ smallest: component.list.reduce((s, k) => (id(k) < s ? id(k) : s), id(component.list[0]!)), list: component.list }))
    .sort((a, b) => byId(a.smallest, b.smallest));
  const chosen: number[] = [];
  for (const component of ordered) {
    if (chosen.length >= room) break;
    for (const k of component.list.sort(largest)) if (chosen.length < room) chosen.push(k);
  }
  return chosen;
}

/** Per candidate, the root of its component. */
function components(graph: CandidateGraph): Int32Array {
  const n = graph.keys.length;
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
  const isPicked = new Uint8Array(graph.keys.length);
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
