import { Injectable, Optional } from '@nestjs/common';
import { AppError, nearAnyCriterionId, SEARCH_LIMIT_DEFAULT, searchCriteriaOf, type PriceEstimateView, type SearchCriterion, type SearchFilters, type SearchParcelsRequest } from '@lp/contracts';
import type { ExplainedResult, ParcelSearch, ParcelSearchResponse, ResultFacts } from './search-results.js';
import { planCoverage, type CoverageTable, type CriterionPlan, type ScopeGmina } from './criterion-coverage.js';
import type { FilterPath } from './filter-sql.js';
import { needsParcelEvidence, type EvidenceTable } from './zoning-evidence-coverage.js';
import { NearMissFinder } from '../near-misses/near-miss-finder.js';
import { SearchRepository, type SearchRow } from './search.repository.js';
import { buildPageQuery, buildSearchQuery, type SearchQuery, type SearchQueryInput } from './search-query.js';
import { ColumnSearch } from './columns/column-search.js';
import { scopeOf, type SearchScope } from './search-scope.js';
import { scoreComponents, unrankedSignals, type SignalCells } from './score-components.js';
import { timedPhase } from './columns/column-metrics.js';
import { withStampsReadOnce } from './read-once.js';
import { PRICE_ESTIMATE_COLUMNS } from './price-estimate-sql.js';

export interface SearchOptions {
  parcelIds?: readonly string[];
  path?: FilterPath;
  /** Only parcels proven to fail this criterion while passing every other (near misses). */
  failing?: string;
}

/** One parcel judged against filters (scenario fit), each near_any alternative on its own. */
export interface ParcelJudgement {
  /** A requires criterion has no data at the parcel: nothing can be proven. */
  blocked: boolean;
  /** The parcel meets every criterion but the near_any ones (screening ones where their data exists). */
  found: boolean;
  /** Screening criteria the parcel was not screened on. */
  unscreened: string[];
  /** Per near_any criterion, per alternative: whether its layer has data in the parcel's gmina, and whether the parcel is near. */
  alternatives: Array<Array<{ hasData: boolean; near: boolean }>>;
}

export interface SearchPlan {
  scope: SearchScope;
  gminas: ScopeGmina[];
  plans: CriterionPlan[];
  /** A requires criterion has no data in the scope: nothing can be proven. */
  blocked: boolean;
  /** Gminas of the scope where every requires criterion has data. */
  allowed: string[];
  /** The criteria's layers' gmina-level coverage. */
  table: CoverageTable;
  /**
   * The oldest format (index-columns.ts INDEX_FORMAT) of the allowed gminas' builds: the search
   * reads only the columns every one of them wrote (filter-sql.ts IndexUse).
   */
  indexFormat: number;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function numeric(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The screening criteria a row was not screened on. */
/** The estimate a price_estimate criterion judged the row by (its columns are there only then). */
function priceEstimateOf(row: SearchRow): PriceEstimateView | undefined {
  const c = PRICE_ESTIMATE_COLUMNS;
  const median = numeric(row[c.median]);
  if (median === null) return undefined;
  return {
    price_pln: Math.round(Number(row.area_sqm) * median),
    land_type: String(row[c.landType]),
    comparables: Number(row[c.comparables]),
    median_price_per_sqm_pln: round(median, 2),
    p25_price_per_sqm_pln: round(Number(row[c.p25]), 2),
    p75_price_per_sqm_pln: round(Number(row[c.p75]), 2),
  };
}

function unscreenedOf(row: SearchRow, query: SearchQuery): string[] {
  return query.unscreened.filter((u) => row[u.alias] === true).map((u) => u.criterion);
}

/**
 * Structured parcel search (design SEARCH.md): the criteria's coverage over the searched gminas
 * decides whether the search is blocked, which gminas can prove the requires criteria and which
 * results were not screened; the search index answers the filters and the ranking in one query.
 */
@Injectable()
export class ParcelSearchService implements ParcelSearch {
  private readonly nearMisses = new NearMissFinder((request, options) => this.search(request, options));

  /** Without `columns` every search runs in PostgreSQL (buildSearchQuery). */
  constructor(
    private readonly repository: SearchRepository,
    @Optional() private readonly columns?: ColumnSearch,
  ) {}

  /**
   * Runs a request that passed validateMessage(SearchParcelsRequest) and assertSearchRequest; an
   * answer with few results says what would it take to get more (near_misses).
   */
  async run(request: SearchParcelsRequest): Promise<ParcelSearchResponse> {
    const response = await this.search(request);
    const nearMisses = await timedPhase('near_misses', 'request', () => this.nearMisses.find(request, response));
    return nearMisses ? { ...response, near_misses: nearMisses } : response;
  }

  /**
   * The search, optionally limited to some parcels (how a scenario is evaluated for one parcel), or
   * with every near and exclude filter answered by spatial joins (the reference for tests and benchmark).
   */
  search(request: SearchParcelsRequest, options: SearchOptions = {}): Promise<ParcelSearchResponse> {
    return withStampsReadOnce(() => this.searchOnce(request, options));
  }

  private async searchOnce(request: SearchParcelsRequest, options: SearchOptions): Promise<ParcelSearchResponse> {
    const of = options.failing === undefined ? 'request' : 'near_miss';
    const plan = await timedPhase('plan', of, async () => {
      const made = await this.plan(request);
      if (!made.blocked) await this.requireIndex(made.allowed);
      return made;
    });
    const coverage = plan.plans.map((p) => p.view);
    if (plan.blocked) return { count: 0, matched: 0, blocked: true, coverage, results: [] };
    const input = this.queryInput(request, plan, options);
    if (this.columns && !options.path) {
      const fromMemory = await this.searchInMemory(input, coverage, this.columns, of);
      if (fromMemory) return fromMemory;
    }
    const query = buildSearchQuery(input);
    return this.respond(await timedPhase('query', of, () => this.repository.run(query)), query, coverage);
  }

  /**
   * The search matched in memory and its page read from PostgreSQL (ColumnSearch, buildPageQuery);
   * undefined when it runs in PostgreSQL instead: a criterion needs a spatial join, its columns are
   * still loading, or an index build committed in between.
   */
  private async searchInMemory(
    input: SearchQueryInput,
    coverage: ParcelSearchResponse['coverage'],
    columns: ColumnSearch,
    of: 'request' | 'near_miss',
  ): Promise<ParcelSearchResponse | undefined> {
    const precomputed = await timedPhase('match', of, () => columns.search(input));
    if (!precomputed) return undefined;
    if (precomputed.matched === 0) return { count: 0, matched: 0, blocked: false, coverage, results: [] };
    const query = buildPageQuery(input, precomputed);
    const rows = await timedPhase('page', of, () => this.repository.run(query));
    if (rows.length === 0 || rows[0]!['builds_digest'] !== precomputed.digest) return undefined;
    return this.respond(rows, query, coverage);
  }

  private respond(rows: SearchRow[], query: SearchQuery, coverage: ParcelSearchResponse['coverage']): ParcelSearchResponse {
    const results = rows.map((row) => this.result(row, query));
    const response: ParcelSearchResponse = { count: results.length, matched: rows.length > 0 ? Number(rows[0]!.matched) : 0, blocked: false, coverage, results };
    // whether a signal has data is a property of the whole matched set, the same on every row
    const unranked = rows.length > 0 ? unrankedSignals(this.signalCells(rows[0]!, query)) : [];
    if (unranked.length > 0) response.unranked_signals = unranked;
    return response;
  }

  /**
   * One parcel of a gmina against filters, in one statement however many near_any alternatives there
   * are: their criteria do not filter, each alternative's verdict is read from its own column.
   */
  judgeParcel(filters: SearchFilters, teryt: string, parcelId: string): Promise<ParcelJudgement> {
    return withStampsReadOnce(() => this.judgeOnce(filters, teryt, parcelId));
  }

  private async judgeOnce(filters: SearchFilters, teryt: string, parcelId: string): Promise<ParcelJudgement> {
    const request: SearchParcelsRequest = { region: teryt, filters, limit: 1 };
    const plan = await this.plan(request);
    if (plan.blocked) return { blocked: true, found: false, unscreened: [], alternatives: [] };
    await this.requireIndex(plan.allowed);
    const query = this.query(request, plan, { parcelIds: [parcelId], judgeAlternatives: true });
    const [row] = await this.repository.run(query);
    const alternatives = query.alternatives.map(({ criterion, aliases }) => {
      const nearAny = filters.near_any!.find((n) => nearAnyCriterionId(n.any_of.map((near) => near.layer)) === criterion)!;
      return nearAny.any_of.map((near, k) => ({
        hasData: (plan.table.get(near.layer)?.get(teryt) ?? 'missing') !== 'missing',
        near: row?.[aliases[k]!] === true,
      }));
    });
    return { blocked: false, found: row !== undefined, unscreened: row ? unscreenedOf(row, query) : [], alternatives };
  }

  /** Where the search looks and what the coverage of its criteria allows. */
  async plan(request: SearchParcelsRequest): Promise<SearchPlan> {
    const scope = scopeOf(request);
    const gminas = await this.repository.scopeGminas(scope);
    if (scope.kind === 'region' && gminas.length === 0) {
      throw AppError.invalid(`region ${scope.teryt} is not the TERYT code of a voivodeship, powiat or gmina; GET /v1/regions finds codes by name`);
    }
    const criteria = searchCriteriaOf(request);
    await this.requireAnchors(criteria);
    const table = await this.repository.coverage([...new Set(criteria.flatMap((c) => c.layers))]);
    // zoning and land use are proven per parcel: their coverage is read from the built index
    const evidence = criteria.some(needsParcelEvidence) ? await this.evidence(gminas.map((g) => g.teryt)) : undefined;
    const plans = planCoverage(criteria, { gminas, table, evidence, filters: request.filters ?? {}, reach: await this.reach(scope, criteria) });
    const blocked = plans.some((p) => p.criterion.mode === 'requires' && p.view.status === 'missing');
    let allowed = gminas.map((g) => g.teryt);
    for (const p of plans) {
      if (p.criterion.mode !== 'requires' || p.view.status !== 'partial') continue;
      const covered = new Set(p.covered);
      allowed = allowed.filter((t) => covered.has(t));
    }
    // a build never goes back to an older format, but a gmina may still await its rebuild after the
    // upgrade that brought a column (read from the builds the repository remembers)
    const indexFormat = await this.repository.oldestFormat(allowed);
    return { scope, gminas, plans, blocked, allowed, table, indexFormat };
  }

  query(request: SearchParcelsRequest, plan: SearchPlan, options: SearchOptions & { judgeAlternatives?: boolean } = {}): SearchQuery {
    return buildSearchQuery(this.queryInput(request, plan, options));
  }

  private queryInput(request: SearchParcelsRequest, plan: SearchPlan, { parcelIds, path, failing, judgeAlternatives }: SearchOptions & { judgeAlternatives?: boolean } = {}): SearchQueryInput {
    return {
      path,
      failing,
      judgeAlternatives,
      request,
      scope: plan.scope,
      scopeGminas: plan.gminas.map((g) => g.teryt),
      allowed: plan.allowed,
      plans: plan.plans,
      indexFormat: plan.indexFormat,
      limit: parcelIds ? parcelIds.length : (request.limit ?? SEARCH_LIMIT_DEFAULT),
      parcelIds,
    };
  }

  /** Per reach of the criteria (SearchCriterion.reachM), the gminas within it of the scope. */
  private async reach(scope: SearchScope, criteria: readonly SearchCriterion[]): Promise<Map<number, ScopeGmina[]>> {
    const reaches = [...new Set(criteria.flatMap((c) => (c.reachM === undefined ? [] : [c.reachM])))];
    return new Map(await Promise.all(reaches.map(async (reachM): Promise<[number, ScopeGmina[]]> => [reachM, await this.repository.gminasWithin(scope, reachM)])));
  }

  /** Named anchors must be features of their layer: an unknown id is the caller's mistake, not "nothing near". */
  private async requireAnchors(criteria: readonly SearchCriterion[]): Promise<void> {
    const problems: string[] = [];
    for (const criterion of criteria) {
      if (!criterion.anchors) continue;
      const layer = criterion.layers[0]!;
      const unknown = await this.repository.unknownFeatureIds(layer, criterion.anchors);
      if (unknown.length > 0) problems.push(`${criterion.criterion}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is no feature' : 'are no features'} of ${layer}; GET /v1/layers/${layer}/features lists their ids`);
    }
    if (problems.length > 0) throw AppError.invalid(problems.join('; '));
  }

  private async evidence(teryts: readonly string[]): Promise<EvidenceTable> {
    await this.requireIndex(teryts);
    return this.repository.evidence(teryts);
  }

  /** Results from a half-built index would look like "no match": refuse until the searched gminas are built. */
  async requireIndex(gminas: readonly string[]): Promise<void> {
    const unbuilt = await this.repository.unbuiltGminas(gminas);
    if (unbuilt.length === 0) return;
    throw new AppError(
      'service_unavailable',
      `The search index is still being built for ${unbuilt.length} of the ${gminas.length} gminas searched (${unbuilt.slice(0, 3).join(', ')}${unbuilt.length > 3 ? ', …' : ''}); retry in a minute.`,
    );
  }

  private result(row: SearchRow, query: SearchQuery): ExplainedResult {
    const score = numeric(row.score);
    const components = scoreComponents(this.signalCells(row, query), score);
    const result: ExplainedResult = {
      parcel_id: row.parcel_id,
      area_sqm: round(Number(row.area_sqm), 2),
      gmina: row.gmina_name ?? row.teryt,
      teryt: row.teryt,
      geometry: row.geometry,
      score: score === null ? null : round(score, 2),
      components,
    };
    const unscreened = unscreenedOf(row, query);
    if (unscreened.length > 0) result.unscreened = unscreened;
    const estimate = priceEstimateOf(row);
    if (estimate) result.price_estimate = estimate;
    result.facts = this.facts(row, query);
    return result;
  }

  private signalCells(row: SearchRow, query: SearchQuery): SignalCells[] {
    return query.signals.map((plan) => {
      const value = numeric(row[plan.alias]);
      return { plan, value: value === null ? null : round(value, 3), contribution: numeric(row[`c_${plan.alias}`]), unranked: row[`x_${plan.alias}`] === true };
    });
  }

  private facts(row: SearchRow, query: SearchQuery): ResultFacts {
    const nearM: Record<string, number> = {};
    const nearName: Record<string, string> = {};
    for (const near of query.near) {
      const distance = numeric(row[near.distance]);
      if (distance !== null) nearM[near.criterion] = round(distance, 1);
      const name = row[near.name];
      if (typeof name === 'string' && name !== '') nearName[near.criterion] = name;
    }
    const facts: { -readonly [K in keyof ResultFacts]: ResultFacts[K] } = {};
    if (Object.keys(nearM).length > 0) facts.near_m = nearM;
    if (Object.keys(nearName).length > 0) facts.near_name = nearName;
    if (row.slope_pct !== null) facts.slope_pct = round(Number(row.slope_pct), 2);
    if (row.zoning_symbol_raw) facts.zoning_symbol = row.zoning_symbol_raw;
    if (row.zoning_category) facts.zoning_category = row.zoning_category;
    if (row.zoning_source === 'mpzp' || row.zoning_source === 'plan_ogolny') facts.zoning_source = row.zoning_source;
    return facts;
  }
}
