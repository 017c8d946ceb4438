import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  ASSEMBLY_LIMIT_DEFAULT,
  ASSEMBLY_MAX_GAP_DEFAULT_M,
  ASSEMBLY_MAX_PARCELS_DEFAULT,
  type AssemblySearchRequest,
  type AssemblySearchResponseView,
} from '@lp/contracts';
import { ColumnSearch } from '../engine/columns/column-search.js';
import { ParcelSearchService, type SearchPlan } from '../engine/parcel-search.service.js';
import { withStampsReadOnce } from '../engine/read-once.js';
import { matchedSelect, type MatchedSelect } from '../engine/search-query.js';
import { SqlParams } from '@lp/db';
import { assembledSite, screenSlope, type AssembledSite } from './assembled-site.js';
import { ASSEMBLY_CANDIDATES_MAX, AssemblyRepository, type CandidateRow, type PickedRows } from './assembly.repository.js';
import { assembliesByPath } from './assembly-metrics.js';
import { candidateGraphInMemory } from './candidate-graph-in-memory.js';
import { assembleSites, type AssemblyLimits } from './site-assembler.js';
import { siteLevelCriteria } from './site-level-criteria.js';
import { rankSites, type RankedSite } from './site-ranking.js';
import { siteView } from './site-view.js';

const TRUNCATED_NOTE =
  `More than ${ASSEMBLY_CANDIDATES_MAX} parcels lie in clusters large enough; sites were assembled from the ${ASSEMBLY_CANDIDATES_MAX} in the largest clusters, ` +
  'so matched counts those sites only. Search a smaller region (a powiat or gmina) for every site.';

/**
 * Site assembly (POST /v1/search/assemblies): the search's coverage plan decides blocked and the
 * gminas results may come from, exactly as in search; the per-parcel filters choose the candidates
 * (in memory where the search engine holds their columns, candidate-graph-in-memory.ts, else in
 * PostgreSQL, assembly.repository.ts); neighbouring candidates are grown into sites (site-assembler.ts) that
 * meet the site-level criteria (site-level-criteria.ts, assembled-site.ts); sites are ranked by the
 * search's rule over site values (site-ranking.ts) and the page is drawn (site-view.ts).
 */
@Injectable()
export class AssemblyService {
  private readonly logger = new Logger('AssemblyService');

  /** Without `columns` the candidates are always found in PostgreSQL. */
  constructor(
    private readonly engine: ParcelSearchService,
    private readonly repository: AssemblyRepository,
    @Optional() @Inject(ColumnSearch) private readonly columns?: ColumnSearch | null,
  ) {}

  /** One assembly search, its stamps read once (read-once.ts). */
  run(request: AssemblySearchRequest): Promise<AssemblySearchResponseView> {
    return withStampsReadOnce(() => this.runOnce(request));
  }

  private async runOnce(request: AssemblySearchRequest): Promise<AssemblySearchResponseView> {
    const started = performance.now();
    const plan = await this.engine.plan(request);
    const coverage = plan.plans.map((p) => p.view);
    if (plan.blocked) return { count: 0, matched: 0, blocked: true, coverage, candidates: 0, results: [] };
    await this.engine.requireIndex(plan.allowed);
    const gap = request.assembly.max_gap_m ?? ASSEMBLY_MAX_GAP_DEFAULT_M;
    const siteLevel = siteLevelCriteria(plan.plans, request.filters ?? {});
    const planned = performance.now();
    const { matched, rows, candidates, truncated, where } = await this.candidates(request, plan, siteLevel, gap);
    const found = performance.now();
    assembliesByPath.inc({ where });

    const slopeMax = siteLevel.has('slope') ? request.filters!.slope_pct!.max : undefined;
    const nearSite = matched.site.filter((s) => s.criterion !== 'slope');
    const ranked = rankSites(matched.signals, screenSlope(await this.sites(request, rows, matched, nearSite), slopeMax));
    const assembled = performance.now();
    const { results, siteCount } = await this.page(request, ranked, gap, { nearSite, slopeMax, language: request.language });
    const ms = (from: number, to: number): string => (to - from).toFixed(0);
    this.logger.debug(
      `${candidates} candidates (${where}), ${rows.length} read, ${ranked.length} sites: plan ${ms(started, planned)} ms, candidates ${ms(planned, found)} ms, ` +
        `sites ${ms(found, assembled)} ms, page ${ms(assembled, performance.now())} ms`,
    );
    const response: AssemblySearchResponseView = { count: results.length, matched: siteCount, blocked: false, coverage, candidates, results };
    if (truncated) response.note = TRUNCATED_NOTE;
    return response;
  }

  /**
   * The candidates in groups large enough, with their neighbours: from the neighbour pairs of the
   * index build where every gmina of the scope has them, else (builds made before the pairs
   * existed, until their rebuild at start-up) by clustering the outlines, with the same answer.
   */
  private async candidates(
    request: AssemblySearchRequest,
    plan: SearchPlan,
    siteLevel: ReadonlySet<string>,
    gap: number,
  ): Promise<PickedRows & { matched: MatchedSelect; where: 'memory' | 'pairs' | 'clustering' }> {
    const input = { request, scope: plan.scope, scopeGminas: plan.gminas.map((g) => g.teryt), allowed: plan.allowed, plans: plan.plans, indexFormat: plan.indexFormat, limit: 0, siteLevel };
    const limits = assemblyLimits(request);
    const inMemory = this.columns ? await this.columns.matchedRows(input, { siteLevel, columns: ['area_sqm'], pairsWithinM: gap }) : undefined;
    if (inMemory) {
      const params = new SqlParams();
      const matched = matchedSelect({ ...input, withKey: true }, params);
      const found = await this.repository.candidatesFromGraph(candidateGraphInMemory(inMemory.matched, gap), inMemory.lease.digest, matched, params, limits);
      if (found) return { matched, ...found, where: 'memory' };
    }
    const byAdjacency = await this.repository.adjacencyBuilt(plan.allowed);
    const params = new SqlParams();
    const matched = matchedSelect({ ...input, withGeometry: !byAdjacency, withKey: byAdjacency }, params);
    const found = byAdjacency
      ? await this.repository.candidatesByAdjacency(matched, params, plan.allowed, gap, limits)
      : await this.repository.candidates(matched, params, gap, limits);
    return { matched, ...found, where: byAdjacency ? 'pairs' : 'clustering' };
  }

  /** The candidates grown into sites large enough that meet every site-level near criterion. */
  private async sites(request: AssemblySearchRequest, rows: readonly CandidateRow[], matched: MatchedSelect, nearSite: MatchedSelect['site']): Promise<AssembledSite[]> {
    const byId = new Map(rows.map((row) => [row.parcel_id, row]));
    const groups = await assembleSites(
      rows.map((row) => ({ id: row.parcel_id, area: Number(row.area_sqm), meets: nearSite.map((s) => row[s.alias] === true), neighbours: row.neighbours })),
      assemblyLimits(request),
    );
    return groups.map((ids) => assembledSite(ids.map((id) => byId.get(id)!), matched.unscreened));
  }

  /**
   * The page of results with outlines, drawn only where needed: every site when compactness bounds
   * them (then only those passing count), else the page alone.
   */
  private async page(request: AssemblySearchRequest, ranked: readonly RankedSite[], gap: number, context: Parameters<typeof siteView>[2]) {
    const limit = request.limit ?? ASSEMBLY_LIMIT_DEFAULT;
    const minCompactness = request.assembly.min_compactness;
    const measured = minCompactness === undefined ? ranked.slice(0, limit) : ranked;
    const outlines = await this.repository.outlines(measured.map((r) => r.site.members.map((m) => m.parcel_id)), gap);
    const kept = measured.map((r, k) => ({ ranked: r, outline: outlines[k]! })).filter((r) => minCompactness === undefined || r.outline.compactness >= minCompactness);
    const results = kept.slice(0, limit).map((r) => siteView(r.ranked, r.outline, context));
    return { results, siteCount: minCompactness === undefined ? ranked.length : kept.length };
  }
}

/** How large a site must be, and of how many parcels at most. */
function assemblyLimits(request: AssemblySearchRequest): AssemblyLimits {
  return { minTotalArea: request.assembly.min_total_area_sqm, maxParcels: request.assembly.max_parcels ?? ASSEMBLY_MAX_PARCELS_DEFAULT };
}
