import { WorkSlices } from '@lp/runtime';

/** A parcel that passes every per-parcel filter, with what the site-level criteria need of it. */
export interface Candidate {
  id: string;
  area: number;
  /** Per site-level criterion (near, near_any): whether this parcel alone meets it. */
  meets: readonly boolean[];
  /** Candidates within the allowed gap of this one. */
  neighbours: readonly string[];
}

export interface AssemblyLimits {
  minTotalArea: number;
  maxParcels: number;
}

/**
 * Sites from neighbouring candidates, greedily and without sharing a parcel: from each unused
 * parcel, largest first, grow by the neighbour that meets a site criterion still unmet, else the
 * largest, until the site is large enough and meets every site criterion (a site is as near as its
 * nearest member), or has max_parcels members. Sites come largest seed first; the caller ranks them.
 *
 * Candidates are numbered and ids ranked once: a gmina's assembly grows a seed from each of
 * thousands of candidates, most of which fail, and comparing and looking up string ids at every
 * step was most of a gmina's assembly (docs/performance.md). Every few seeds the request's
 * cancellation is checked (a national assembly nobody waits for any more stops) and, when the
 * slice has had its time, the event loop is let go (`slices`, WorkSlices: other keys' cheap
 * searches are answered in between).
 */
export async function assembleSites(candidates: readonly Candidate[], limits: AssemblyLimits, slices: WorkSlices = new WorkSlices()): Promise<string[][]> {
  const graph = numbered(candidates);
  const order = candidates.map((_, k) => k).sort((a, b) => graph.area[b]! - graph.area[a]! || graph.rank[a]! - graph.rank[b]!);
  const used = new Uint8Array(candidates.length);
  // mark[k] === the seed's number: k is in the site growing from that seed or on its frontier
  const mark = new Int32Array(candidates.length).fill(-1);
  const sites: string[][] = [];
  for (let k = 0; k < order.length; k++) {
    const seed = order[k]!;
    if ((k & 63) === 0) {
      if (slices.due()) await slices.next();
      else slices.check();
    }
    if (used[seed] === 1) continue;
    const site = grow(seed, graph, used, mark, limits);
    if (!site) continue;
    for (const k of site) used[k] = 1;
    sites.push(site.map((k) => candidates[k]!.id));
  }
  return sites;
}

interface NumberedCandidates {
  area: Float64Array;
  /** Each candidate's place among the ids in byte order (ties between equal areas go to the smaller id). */
  rank: Int32Array;
  meets: ReadonlyArray<readonly boolean[]>;
  neighbours: Int32Array[];
}

function numbered(candidates: readonly Candidate[]): NumberedCandidates {
  const index = new Map(candidates.map((c, k) => [c.id, k]));
  const rank = new Int32Array(candidates.length);
  candidates
    .map((_, k) => k)
    .sort((a, b) => (candidates[a]!.id < candidates[b]!.id ? -1 : candidates[a]!.id > candidates[b]!.id ? 1 : 0))
    .forEach((k, r) => (rank[k] = r));
  return {
    area: Float64Array.from(candidates, (c) => c.area),
    rank,
    meets: candidates.map((c) => c.meets),
    // a neighbour that is not a candidate never joins
    neighbours: candidates.map((c) => Int32Array.from(c.neighbours.map((id) => index.get(id) ?? -1).filter((k) => k >= 0))),
  };
}

function grow(seed: number, graph: NumberedCandidates, used: Uint8Array, mark: Int32Array, limits: AssemblyLimits): number[] | undefined {
  const { area, rank, meets, neighbours } = graph;
  const members = [seed];
  mark[seed] = seed;
  const met = [...meets[seed]!];
  let total = area[seed]!;
  const frontier: number[] = [];
  const reach = (k: number): void => {
    for (const next of neighbours[k]!) {
      if (used[next] === 1 || mark[next] === seed) continue;
      mark[next] = seed;
      frontier.push(next);
    }
  };
  reach(seed);
  const done = (): boolean => total >= limits.minTotalArea && met.every(Boolean);
  while (!done() && members.length < limits.maxParcels) {
    let best = -1;
    let bestAt = -1;
    let bestHelps = false;
    for (let i = 0; i < frontier.length; i++) {
      const next = frontier[i]!;
      const helps = meets[next]!.some((m, k) => m && !met[k]);
      if (best < 0 || (helps && !bestHelps) || (helps === bestHelps && (area[next]! > area[best]! || (area[next] === area[best] && rank[next]! < rank[best]!)))) {
        best = next;
        bestAt = i;
        bestHelps = helps;
      }
    }
    if (best < 0) break;
    frontier[bestAt] = frontier[frontier.length - 1]!;
    frontier.pop();
    members.push(best);
    total += area[best]!;
    meets[best]!.forEach((m, k) => (met[k] ||= m));
    reach(best);
  }
  return done() ? members : undefined;
}
