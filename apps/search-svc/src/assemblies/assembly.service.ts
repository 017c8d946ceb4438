import { Injectable } from '@nestjs/common';
import {
  ASSEMBLY_LIMIT_DEFAULT,
  ASSEMBLY_MAX_GAP_DEFAULT_M,
  ASSEMBLY_MAX_PARCELS_DEFAULT,
  type AssembledSiteView,
  type AssemblySearchRequest,
  type AssemblySearchResponseView,
  type NlLanguage,
  type SearchFilters,
} from '@lp/contracts';
import { ParcelSearchService } from '../engine/parcel-search.service.js';
import { matchedSelect } from '../engine/search-query.js';
import { SqlParams } from '@lp/db';
import { ASSEMBLY_CANDIDATES_MAX, AssemblyRepository, type CandidateRow } from './assembly.repository.js';
import { assembleSites } from './site-assembler.js';
import { scoreSites, siteSignalValue, type MemberSignals } from './site-score.js';
import { siteWhy } from './site-why.js';

/**
 * Criteria judged over the whole site: a site is as near as its nearest member, its slope the
 * members' area-weighted mean. A reach of 0 ("lies in", e.g. a PV yield cell) is a property of
 * each parcel, so every member must meet it.
 */
function isSiteLevel(criterion: string, filters: SearchFilters): boolean {
  if (criterion === 'slope' || criterion.startsWith('near_any:')) return true;
  if (!criterion.startsWith('near:')) return false;
  const near = (filters.near ?? []).find((n) => `near:${n.layer}` === criterion);
  return near !== undefined && near.within_m > 0;
}

interface Site {
  members: CandidateRow[];
  total: number;
  slope: number | null;
  unscreened: string[];
}

/**
 * Site assembly (POST /v1/search/assemblies): the search's coverage plan decides blocked and the
 * gminas results may come from, exactly as in search; the per-parcel filters choose the candidates;
 * neighbouring candidates are grown into sites that meet the site-level criteria; sites are scored
 * by the search's rule over site values.
 */
@Injectable()
export class AssemblyService {
  constructor(
    private readonly engine: ParcelSearchService,
    private readonly repository: AssemblyRepository,
  ) {}

  async run(request: AssemblySearchRequest): Promise<AssemblySearchResponseView> {
    const plan = await this.engine.plan(request);
    const coverage = plan.plans.map((p) => p.view);
    if (plan.blocked) return { count: 0, matched: 0, blocked: true, coverage, candidates: 0, results: [] };
    await this.engine.requireIndex(plan.allowed);
    const options = request.assembly;
    const gap = options.max_gap_m ?? ASSEMBLY_MAX_GAP_DEFAULT_M;
    const siteLevel = new Set(plan.plans.map((p) => p.criterion.criterion).filter((c) => isSiteLevel(c, request.filters ?? {})));
    const params = new SqlParams();
    const scopeGminas = plan.gminas.map((g) => g.teryt);
    const matched = matchedSelect({ request, scope: plan.scope, scopeGminas, allowed: plan.allowed, plans: plan.plans, limit: 0, siteLevel }, params);
    const { rows, candidates, truncated } = await this.repository.candidates(matched, params, gap, options.min_total_area_sqm);

    const nearSite = matched.site.filter((s) => s.criterion !== 'slope');
    const byId = new Map(rows.map((row) => [row.parcel_id, row]));
    const groups = assembleSites(
      rows.map((row) => ({ id: row.parcel_id, area: Number(row.area_sqm), meets: nearSite.map((s) => row[s.alias] === true), neighbours: row.neighbours })),
      { minTotalArea: options.min_total_area_sqm, maxParcels: options.max_parcels ?? ASSEMBLY_MAX_PARCELS_DEFAULT },
    );
    const slopeMax = siteLevel.has('slope') ? request.filters!.slope_pct!.max : undefined;
    let sites = groups.map((ids) => this.site(ids.map((id) => byId.get(id)!), matched.unscreened));
    // slope screens the site where it is known: a site whose known members are too steep on average is out
    if (slopeMax !== undefined) sites = sites.filter((site) => site.slope === null || site.slope <= slopeMax);
    for (const site of sites) if (slopeMax !== undefined && site.members.some((m) => m.slope_pct === null)) site.unscreened.push('slope');

    const scores = scoreSites(
      matched.signals,
      sites.map((site) => {
        const members: MemberSignals[] = site.members.map((m) => ({ area: Number(m.area_sqm), values: Object.fromEntries(matched.signals.map((s) => [s.alias, m[s.alias] === null ? null : Number(m[s.alias])])) }));
        return matched.signals.map((signal) => siteSignalValue(signal, members));
      }),
    );
    const ranked = sites
      .map((site, k) => ({ site, ...scores[k]! }))
      .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.site.total - a.site.total || (a.site.members[0]!.parcel_id < b.site.members[0]!.parcel_id ? -1 : 1));

    // outlines only where needed: every site when compactness filters them, else the page
    const limit = request.limit ?? ASSEMBLY_LIMIT_DEFAULT;
    const measured = options.min_compactness === undefined ? ranked.slice(0, limit) : ranked;
    const outlines = await this.repository.outlines(measured.map((r) => r.site.members.map((m) => m.parcel_id)), gap);
    const kept = measured.map((r, k) => ({ ...r, outline: outlines[k]! })).filter((r) => options.min_compactness === undefined || r.outline.compactness >= options.min_compactness);
    const results: AssembledSiteView[] = kept.slice(0, limit).map(({ site, score, components, outline }) => {
      const [largest] = site.members;
      const view: AssembledSiteView = {
        geometry: outline.geometry,
        total_area_sqm: Math.round(site.total * 100) / 100,
        parcels: site.members.map((m) => ({ parcel_id: m.parcel_id, area_sqm: Math.round(Number(m.area_sqm) * 100) / 100 })),
        compactness: outline.compactness,
        gmina: largest!.gmina_name ?? largest!.teryt,
        teryt: largest!.teryt,
        score,
        components,
        why: this.why(site, nearSite, slopeMax, request.language),
      };
      if (site.unscreened.length > 0) view.unscreened = site.unscreened;
      return view;
    });
    // every site counts; with a compactness bound, only those whose outline passed it
    const siteCount = options.min_compactness === undefined ? ranked.length : kept.length;
    const response: AssemblySearchResponseView = { count: results.length, matched: siteCount, blocked: false, coverage, candidates, results };
    if (truncated) {
      response.note =
        `More than ${ASSEMBLY_CANDIDATES_MAX} parcels lie in clusters large enough; sites were assembled from the ${ASSEMBLY_CANDIDATES_MAX} in the largest clusters, ` +
        'so matched counts those sites only. Search a smaller region (a powiat or gmina) for every site.';
    }
    return response;
  }

  private site(members: CandidateRow[], unscreenedColumns: ReadonlyArray<{ criterion: string; alias: string }>): Site {
    const sorted = [...members].sort((a, b) => Number(b.area_sqm) - Number(a.area_sqm));
    const total = sorted.reduce((sum, m) => sum + Number(m.area_sqm), 0);
    const sloped = sorted.filter((m) => m.slope_pct !== null);
    const slopeArea = sloped.reduce((sum, m) => sum + Number(m.area_sqm), 0);
    const slope = sloped.length === 0 ? null : sloped.reduce((sum, m) => sum + Number(m.slope_pct) * Number(m.area_sqm), 0) / slopeArea;
    const unscreened = unscreenedColumns.filter((u) => sorted.some((m) => m[u.alias] === true)).map((u) => u.criterion);
    return { members: sorted, total, slope, unscreened };
  }

  private why(site: Site, nearSite: ReadonlyArray<{ criterion: string; alias: string }>, slopeMax: number | undefined, lang: NlLanguage | undefined): string[] {
    const metBy = nearSite.flatMap((near) => {
      const member = site.members.find((m) => m[near.alias] === true);
      return member ? [{ criterion: near.criterion, parcelId: member.parcel_id }] : [];
    });
    const slope = slopeMax !== undefined && site.slope !== null ? { pct: site.slope, max: slopeMax } : undefined;
    return siteWhy({ parcels: site.members.length, totalSqm: site.total, largestSqm: Number(site.members[0]!.area_sqm), metBy, ...(slope ? { slope } : {}) }, lang);
  }

}
