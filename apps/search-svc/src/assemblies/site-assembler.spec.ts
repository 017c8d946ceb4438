import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { assembleSites, type AssemblyLimits, type Candidate } from './site-assembler.js';

/** The growth rule written plainly, by ids (the first implementation): the reference for the numbered one. */
function plainAssembleSites(candidates: readonly Candidate[], limits: AssemblyLimits): string[][] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const order = [...candidates].sort((a, b) => b.area - a.area || (a.id < b.id ? -1 : 1));
  const used = new Set<string>();
  const sites: string[][] = [];
  for (const seed of order) {
    if (used.has(seed.id)) continue;
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
    if (!done()) continue;
    for (const m of members) used.add(m.id);
    sites.push(members.map((m) => m.id));
  }
  return sites;
}

/** Random candidates: few distinct areas (ties), symmetric neighbours, some naming parcels that are not candidates. */
const candidateSets = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc
    .record({
      areas: fc.array(fc.constantFrom(1, 2, 3, 5, 8), { minLength: n, maxLength: n }),
      meets: fc.array(fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }), { minLength: n, maxLength: n }),
      edges: fc.array(fc.tuple(fc.nat(n + 2), fc.nat(n + 2)), { maxLength: 3 * n }),
      criteria: fc.integer({ min: 0, max: 2 }),
    })
    .map(({ areas, meets, edges, criteria }) => {
      const neighbours = Array.from({ length: n + 3 }, () => new Set<string>());
      for (const [a, b] of edges) {
        if (a === b) continue;
        neighbours[a]!.add(`p${b}`);
        neighbours[b]!.add(`p${a}`);
      }
      return areas.map((area, k): Candidate => ({ id: `p${k}`, area, meets: meets[k]!.slice(0, criteria), neighbours: [...neighbours[k]!] }));
    }),
);

/** Strips side by side: each touches the one before and after. */
function strips(areas: readonly number[], meets: (k: number) => boolean[] = () => []): Candidate[] {
  return areas.map((area, k) => ({
    id: `s${k}`,
    area,
    meets: meets(k),
    neighbours: [k > 0 ? `s${k - 1}` : null, k < areas.length - 1 ? `s${k + 1}` : null].filter((n): n is string => n !== null),
  }));
}

describe('site assembly', () => {
  it('joins narrow strips that no single one reaches, largest neighbour first', async () => {
    const sites = await assembleSites(strips([3, 5, 4, 1]), { minTotalArea: 11, maxParcels: 10 });
    expect(sites).toEqual([['s1', 's2', 's0']]);
  });

  it('never shares a parcel between sites, and leaves out what cannot reach the area', async () => {
    const sites = await assembleSites(strips([6, 6, 6, 6, 1]), { minTotalArea: 12, maxParcels: 10 });
    expect(sites).toEqual([
      ['s0', 's1'],
      ['s2', 's3'],
    ]);
  });

  it('stops at max_parcels', async () => {
    expect(await assembleSites(strips([1, 1, 1, 1, 1]), { minTotalArea: 5, maxParcels: 4 })).toEqual([]);
    expect(await assembleSites(strips([1, 1, 1, 1, 1]), { minTotalArea: 5, maxParcels: 5 })).toHaveLength(1);
  });

  it('a site is near when one member is: growth prefers a neighbour meeting an unmet site criterion', async () => {
    // only the small far end strip is near the substation
    const candidates = strips([5, 5, 5, 1], (k) => [k === 3]);
    const sites = await assembleSites(candidates, { minTotalArea: 10, maxParcels: 10 });
    expect(sites).toHaveLength(1);
    expect(sites[0]).toContain('s3');
    expect(sites[0]!.map((id) => candidates.find((c) => c.id === id)!.area).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(10);
  });

  it('parcels that are not neighbours never join', async () => {
    const apart: Candidate[] = [
      { id: 'a', area: 6, meets: [], neighbours: [] },
      { id: 'b', area: 6, meets: [], neighbours: [] },
    ];
    expect(await assembleSites(apart, { minTotalArea: 10, maxParcels: 10 })).toEqual([]);
    expect(await assembleSites(apart, { minTotalArea: 5, maxParcels: 10 })).toEqual([['a'], ['b']]);
  });

  it('equals the growth rule written plainly, over random candidate graphs', async () => {
    await fc.assert(
      fc.asyncProperty(candidateSets, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 8 }), async (candidates, minTotalArea, maxParcels) => {
        const limits = { minTotalArea, maxParcels };
        expect(await assembleSites(candidates, limits)).toEqual(plainAssembleSites(candidates, limits));
      }),
      { numRuns: 1_000 },
    );
  });
});
