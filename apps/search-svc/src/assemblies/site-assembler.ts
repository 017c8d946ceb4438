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
 */
export function assembleSites(candidates: readonly Candidate[], limits: AssemblyLimits): string[][] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const order = [...candidates].sort((a, b) => b.area - a.area || (a.id < b.id ? -1 : 1));
  const used = new Set<string>();
  const sites: string[][] = [];
  for (const seed of order) {
    if (used.has(seed.id)) continue;
    const site = grow(seed, byId, used, limits);
    if (!site) continue;
    for (const id of site) used.add(id);
    sites.push(site);
  }
  return sites;
}

function grow(seed: Candidate, byId: ReadonlyMap<string, Candidate>, used: ReadonlySet<string>, limits: AssemblyLimits): string[] | undefined {
  const members = [seed];
  const inSite = new Set([seed.id]);
  const met = [...seed.meets];
  let total = seed.area;
  const done = (): boolean => total >= limits.minTotalArea && met.every(Boolean);
  while (!done() && members.length < limits.maxParcels) {
    let best: Candidate | undefined;
    let bestHelps = false;
    for (const member of members) {
      for (const id of member.neighbours) {
        const next = byId.get(id);
        if (!next || inSite.has(id) || used.has(id)) continue;
        const helps = next.meets.some((meets, k) => meets && !met[k]);
        if (!best || (helps && !bestHelps) || (helps === bestHelps && (next.area > best.area || (next.area === best.area && next.id < best.id)))) {
          best = next;
          bestHelps = helps;
        }
      }
    }
    if (!best) break;
    members.push(best);
    inSite.add(best.id);
    total += best.area;
    best.meets.forEach((meets, k) => (met[k] ||= meets));
  }
  return done() ? members.map((m) => m.id) : undefined;
}
