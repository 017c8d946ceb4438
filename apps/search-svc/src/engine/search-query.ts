import type { SearchParcelsRequest } from '@lp/contracts';
import type { CriterionPlan } from './criterion-coverage.js';
import { criteriaSql, type CriterionSql, type FilterPath } from './filter-sql.js';
import type { SearchScope } from './search-scope.js';
import { contributionSql, pageOrderSql, planSignals, rankedWeightSql, SIGNAL_VALUE_SQL, type SignalPlan } from './signal-sql.js';
import { SqlParams } from '@lp/db';
import { BUILDS_DIGEST_SQL } from './columns/column.repository.js';

export interface SearchQueryInput {
  request: SearchParcelsRequest;
  scope: SearchScope;
  /** Every gmina of the scope. */
  scopeGminas: readonly string[];
  /** The gminas of the scope where every requires criterion has data: results come only from these. */
  allowed: readonly string[];
  plans: readonly CriterionPlan[];
  limit: number;
  /** Evaluate these parcels only (scenario fit of one parcel). */
  parcelIds?: readonly string[];
  /** Only these parcel keys (the candidates of a page the in-memory engine chose). */
  parcelKeys?: readonly number[];
  path?: FilterPath;
  /** The oldest format of the searched gminas' builds (SearchPlan.indexFormat); unset: the first (filter-sql.ts IndexUse). */
  indexFormat?: number;
  /**
   * Scenario fit: near_any criteria do not filter; each alternative's predicate is selected instead,
   * so one statement tells which alternatives a parcel meets. A requires criterion whose reach
   * touches a gmina without its data is selected as unscreened rather than filtered out.
   */
  judgeAlternatives?: boolean;
  /**
   * Near misses: this criterion must be proven to fail (its data known, the parcel outside its
   * threshold) while every other criterion passes as usual.
   */
  failing?: string;
}

export interface SearchQuery {
  sql: string;
  values: unknown[];
  signals: SignalPlan[];
  /** Per screening criterion: the column saying a row was not screened on it. */
  unscreened: Array<{ criterion: string; alias: string }>;
  /** Per near criterion answered from the index: the columns of the measured distance and the feature's name. */
  near: Array<{ criterion: string; distance: string; name: string }>;
  /** With judgeAlternatives: per near_any criterion, the column of each alternative's verdict (true: near). */
  alternatives: Array<{ criterion: string; aliases: string[] }>;
  /** The match probes a layer per candidate parcel (a spatial criterion): SearchRepository.run plans it for parallel workers. */
  probesLayers?: boolean;
}

/** `i.teryt` is in `members`, written with whichever of the list and its complement (within the universe) is shorter. */
function terytIn(members: readonly string[], universe: readonly string[], params: SqlParams): string {
  if (members.length === 0) return 'false';
  if (members.length === universe.length) return 'true';
  const inside = new Set(members);
  const others = universe.filter((t) => !inside.has(t));
  return members.length <= others.length ? `i.teryt = ANY(${params.add(members, 'text[]')})` : `NOT (i.teryt = ANY(${params.add(others, 'text[]')}))`;
}

function scopeSql(input: SearchQueryInput, params: SqlParams): string[] {
  const where: string[] = [];
  if (input.allowed.length < input.scopeGminas.length) {
    where.push(`i.teryt = ANY(${params.add(input.allowed, 'text[]')})`);
  } else if (input.scope.kind === 'region') {
    where.push(input.scope.teryt.length === 7 ? `i.teryt = ${params.add(input.scope.teryt)}` : `i.teryt LIKE ${params.add(`${input.scope.teryt}%`)}`);
  }
  if (input.scope.kind === 'bbox') {
    const { minLng, minLat, maxLng, maxLat } = input.scope.bbox;
    const box = `ST_Transform(ST_MakeEnvelope(${params.add(minLng, 'float8')}, ${params.add(minLat, 'float8')}, ${params.add(maxLng, 'float8')}, ${params.add(maxLat, 'float8')}, 4326), 2180)`;
    where.push(`ST_Intersects(p.geom, ${box})`);
  }
  if (input.parcelIds) where.push(`i.parcel_id = ANY(${params.add(input.parcelIds, 'text[]')})`);
  if (input.parcelKeys) where.push(`i.parcel_key = ANY(${params.add(input.parcelKeys, 'int[]')})`);
  return where;
}

/**
 * The parcel lies within a criterion's reach of a gmina without its data (CriterionPlan.reachGap):
 * what lies around it there is unknown. Measured on the gminas' outline pieces, by their spatial index.
 */
function reachGapSql(plan: CriterionPlan, params: SqlParams): string | undefined {
  const gap = plan.reachGap;
  if (!gap) return undefined;
  return `EXISTS (SELECT 1 FROM layer_pub.admin_bounds_subdivided s JOIN layer_pub.admin_bounds g ON g.fid = s.fid
                  WHERE s.kind = 'gmina' AND g.id = ANY(${params.add(gap.gminas, 'text[]')}) AND ST_DWithin(s.geom, p.geom, ${params.add(gap.reachM, 'float8')}))`;
}

/**
 * The parcel is proven to fail the criterion: its predicate is false (a null is "none within reach"),
 * the row has the criterion's data, and, for a screening criterion, its gmina has the layer; a
 * measured distance must exist, so the parcel missed by a known amount.
 */
function failingSql(sql: CriterionSql, plan: CriterionPlan, input: SearchQueryInput, params: SqlParams): string {
  const parts = [`NOT COALESCE((${sql.passes}), false)`];
  if (sql.unknown) parts.push(`NOT COALESCE((${sql.unknown}), false)`);
  const uncovered = plan.uncovered.filter((t) => input.allowed.includes(t));
  if (plan.criterion.mode === 'screens' && uncovered.length > 0) parts.push(`NOT ${terytIn(uncovered, input.allowed, params)}`);
  if (sql.distance) parts.push(`${sql.distance} IS NOT NULL`);
  return parts.join(' AND ');
}

/** The matching rows of the search index as one SELECT, and what its columns mean. */
export interface MatchedSelect extends Omit<SearchQuery, 'sql' | 'values'> {
  sql: string;
  /** With siteLevel: per site-level criterion, the column saying whether this parcel alone meets it. */
  site: Array<{ criterion: string; alias: string }>;
  /** Some criterion is a spatial join on a layer (not a column of the index): the costly part of a match. */
  joinsLayers: boolean;
  /** Some criterion reads a derived table (price_estimate's comparables): an aggregate to compute once. */
  joinsDerived: boolean;
}

/**
 * The rows of the search index meeting the request (`SELECT ... FROM search.parcel_index i ...`),
 * its parameters added to `params`. Criteria named in `siteLevel` (site assembly) do not filter:
 * each parcel's own verdict is selected instead, to be judged over the assembled site; with
 * `withGeometry` the parcel's outline is selected too (`geom`), with `withKey` its parcel key.
 */
export function matchedSelect(input: SearchQueryInput & { siteLevel?: ReadonlySet<string>; withGeometry?: boolean; withKey?: boolean }, params: SqlParams): MatchedSelect {
  const filters = criteriaSql(input.request.filters ?? {}, input.path, input.indexFormat);
  const where = scopeSql(input, params);
  const select = [
    'i.parcel_id',
    'i.teryt',
    'i.gmina_name',
    'i.area_sqm',
    'i.slope_pct',
    'i.zoning_symbol_raw',
    'i.zoning_category',
    'i.zoning_source',
  ];
  const unscreened: SearchQuery['unscreened'] = [];
  const near: SearchQuery['near'] = [];
  const alternatives: SearchQuery['alternatives'] = [];
  const site: MatchedSelect['site'] = [];
  let joinsLayers = false;
  /** Derived tables criteria read (price_estimate's comparables), joined once after the index rows. */
  const joins: string[] = [];
  if (input.withGeometry) select.push('p.geom');
  if (input.withKey) select.push('i.parcel_key');
  const allowed = new Set(input.allowed);
  // a criterion's measured distance and the feature's name, for the result's facts
  const selectMeasured = (index: number, criterion: string, distance: string, name: string): void => {
    select.push(`${distance} AS nd${index}`, `${name} AS nn${index}`);
    near.push({ criterion, distance: `nd${index}`, name: `nn${index}` });
  };
  for (const [index, plan] of input.plans.entries()) {
    const id = plan.criterion.criterion;
    const writer = filters.get(id);
    if (!writer) throw new Error(`no SQL for criterion ${id}`);
    /** The criterion's SQL, noting whether the match joins a layer. */
    const write = (): CriterionSql => {
      const sql = writer(params);
      joinsLayers ||= sql.spatial === true;
      if (sql.join && !joins.includes(sql.join)) {
        joins.push(sql.join);
        select.push(...(sql.carries ?? []));
      }
      return sql;
    };
    if (input.siteLevel?.has(id)) {
      // judged over the site: the parcel's own verdict (a screen without data is judged by the caller from coverage)
      if (plan.criterion.mode === 'screens' && plan.view.status === 'missing') continue;
      const sql = write();
      select.push(`COALESCE((${sql.passes}), false) AS v${index}`);
      site.push({ criterion: id, alias: `v${index}` });
      continue;
    }
    /** The reach-gap predicate, its parameters added only where the query uses it. */
    const reachGap = (): string | undefined => {
      const gap = reachGapSql(plan, params);
      joinsLayers ||= gap !== undefined;
      return gap;
    };
    if (id === input.failing) {
      const sql = write();
      where.push(`(${failingSql(sql, plan, input, params)})`);
      if (sql.distance) selectMeasured(index, id, sql.distance, sql.featureName ?? 'NULL::text');
      continue;
    }
    if (plan.criterion.mode === 'requires') {
      const sql = write();
      if (input.judgeAlternatives && sql.alternatives) {
        const aliases = sql.alternatives.map((_, k) => `a${index}_${k}`);
        sql.alternatives.forEach((passes, k) => select.push(`COALESCE(${passes}, false) AS ${aliases[k]}`));
        alternatives.push({ criterion: id, aliases });
        continue;
      }
      where.push(`(${sql.passes})`);
      // a requires criterion is never unknown for a returned parcel
      const gap = reachGap();
      if (gap && input.judgeAlternatives) {
        // one parcel judged (scenario fit): passing on the data at hand near a gmina without it is
        // not proven either way, so the fit says unverified (the column reads as unscreened), never fails
        select.push(`${gap} AS u${index}`);
        unscreened.push({ criterion: id, alias: `u${index}` });
      } else if (gap) where.push(`NOT ${gap}`);
      if (sql.distance && sql.featureName) selectMeasured(index, id, sql.distance, sql.featureName);
      continue;
    }
    // screens: checked where the data exists; elsewhere the row is returned and says it was not screened
    if (plan.view.status === 'missing') {
      select.push(`true AS u${index}`);
    } else {
      const sql = write();
      const uncovered = plan.uncovered.filter((t) => allowed.has(t));
      const flags = [uncovered.length > 0 ? terytIn(uncovered, input.allowed, params) : null, sql.unknown ?? null].filter((f) => f !== null);
      const flag = flags.length > 0 ? `(${flags.join(' OR ')})` : 'false';
      // a reach touching a gmina without data leaves unknown only what the data at hand lets pass:
      // a parcel excluded by a feature we hold stays excluded (where), one passing says it was not fully screened
      const gap = reachGap();
      select.push(`${gap ? `(${flag} OR ${gap})` : flag} AS u${index}`);
      where.push(flag === 'false' ? `(${sql.passes})` : `(${flag} OR (${sql.passes}))`);
    }
    unscreened.push({ criterion: id, alias: `u${index}` });
  }
  const signals = planSignals(input.request.rank_by ?? []);
  for (const signal of signals) select.push(`${SIGNAL_VALUE_SQL[signal.signal]} AS ${signal.alias}`);

  // the outlines are joined for a box, a spatial criterion or site assembly (which clusters them). The
  // gmina in the join lets a region's teryt reach the outlines' teryt index: the outlines of the
  // searched gminas are read, not every outline of the country (both tables are written per gmina),
  // and a national scope gets a hash join, the planner's choice
  const spatial = input.scope.kind === 'bbox' || input.withGeometry === true || joinsLayers;
  const from = spatial ? 'search.parcel_index i JOIN search.parcel_geometry p ON p.parcel_id = i.parcel_id AND p.teryt = i.teryt' : 'search.parcel_index i';
  const sql = `SELECT ${select.join(', ')} FROM ${[from, ...joins].join(' ')}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return { sql, signals, unscreened, near, alternatives, site, joinsLayers, joinsDerived: joins.length > 0 };
}

/**
 * The whole search as one statement, in three passes over the matching rows of the search index
 * (`matched`), so that a broad search never materialises or scores its millions of matches:
 * - `r0`: how many match and each signal's range over them (one aggregate, parallel);
 * - `top`: the ids of the page, best first with ties by parcel id, ordered by pageOrderSql (float8,
 *   ordering exactly as the score does) in a top-N sort (parallel);
 * - `scored`: the page's rows again by id, with their exact contributions and score.
 * The outlines of the page come in the same statement. A match that joins a layer (a spatial
 * criterion: an index probe per candidate parcel) is made once, as a materialised CTE the passes
 * read: probing twice cost twice (docs/performance.md). So is a match that joins a derived table (the
 * comparables' medians), which would otherwise be aggregated again in each pass.
 */
export function buildSearchQuery(input: SearchQueryInput): SearchQuery {
  const params = new SqlParams();
  const { sql: matchedSql, signals, unscreened, near, alternatives, joinsLayers, joinsDerived } = matchedSelect(input, params);
  const limit = params.add(input.limit, 'int');
  // the passes read the probed matches (see above), or the index rows each again, in parallel
  const once = joinsLayers || joinsDerived;
  const withProbed = once ? `WITH probed AS MATERIALIZED (${matchedSql}),` : 'WITH';
  const matched = once ? 'SELECT * FROM probed' : matchedSql;
  let page: string;
  let order: string;
  if (signals.length === 0) {
    page = `${withProbed} r AS MATERIALIZED (SELECT count(*) AS matched FROM (${matched}) m),
            top AS MATERIALIZED (SELECT m.parcel_id FROM (${matched}) m ORDER BY m.parcel_id COLLATE "C" LIMIT ${limit})
            SELECT m.*, r.matched, NULL::numeric AS score
            FROM (${matched}) m CROSS JOIN r
            WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top))`;
    order = 'page.parcel_id COLLATE "C"';
  } else {
    // per signal: the raw contribution (c_), and whether no matched parcel has a value (x_: left out of the weighting)
    const ranges = signals.map((s) => `min(${s.alias}) AS min_${s.alias}, max(${s.alias}) AS max_${s.alias}`).join(', ');
    const contributions = signals.map((s) => `${contributionSql(s)} AS c_${s.alias}, r.max_${s.alias} IS NULL AS x_${s.alias}`).join(', ');
    // the ranges as scalar subqueries (initplans, computed once and handed to the workers): joined as
    // a CTE they would keep the scan of every match in the leader process
    const rangeParams = [...signals.flatMap((s) => [`min_${s.alias}`, `max_${s.alias}`]), 'ranked_weight'].map((column) => `(SELECT ${column} FROM r) AS ${column}`).join(', ');
    page = `${withProbed} r0 AS MATERIALIZED (SELECT count(*) AS matched, ${ranges} FROM (${matched}) m),
            r AS (SELECT r0.*, ${rankedWeightSql(signals, 'r0')} AS ranked_weight FROM r0),
            top AS MATERIALIZED (
              SELECT m.parcel_id FROM (${matched}) m CROSS JOIN (SELECT ${rangeParams}) r
              ORDER BY ${pageOrderSql(signals)} DESC NULLS LAST, m.parcel_id COLLATE "C" LIMIT ${limit}),
            scored AS (
              SELECT m.*, r.matched, r.ranked_weight, ${contributions}
              FROM (${matched}) m CROSS JOIN r
              WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top)))
            SELECT scored.*, CASE WHEN scored.ranked_weight = 0 THEN NULL ELSE round(${signals.map((s) => `c_${s.alias}`).join(' + ')}, 2) END AS score
            FROM scored`;
    order = 'page.score DESC NULLS LAST, page.parcel_id COLLATE "C"';
  }
  return withOutlines(page, order, '', params, { signals, unscreened, near, alternatives, probesLayers: joinsLayers });
}

/** The page's rows with their outlines (only the page's, in the same statement) and `extra` columns. */
function withOutlines(page: string, order: string, extra: string, params: SqlParams, meaning: Omit<SearchQuery, 'sql' | 'values'>): SearchQuery {
  return {
    sql: `SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry${extra}
          FROM (${page}) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
          ORDER BY ${order}`,
    values: params.values,
    ...meaning,
  };
}

/**
 * What the in-memory engine hands to the page statement: how many parcels match, each signal's
 * range over them, and the keys of a small set of parcels that holds the page (the page itself is
 * ordered and scored exactly in PostgreSQL, buildPageQuery).
 */
export interface PrecomputedPage {
  matched: number;
  ranges: Array<{ min: number | null; max: number | null }>;
  keys: number[];
  /** The builds fingerprint the columns were checked against. */
  digest: string;
}

/**
 * The page of a search whose matching the in-memory engine did (ColumnSearch): its count and
 * signal ranges come as parameters, and of its candidates (a superset of the page, by parcel key)
 * the rows meeting the request are scored exactly and ordered as buildSearchQuery orders them, so
 * both give the same answer. `builds_digest` on each row tells whether an index build committed
 * since the engine read its columns (the caller then runs buildSearchQuery).
 */
export function buildPageQuery(input: SearchQueryInput, precomputed: PrecomputedPage): SearchQuery {
  const params = new SqlParams();
  const { sql: matched, signals, unscreened, near, alternatives } = matchedSelect({ ...input, parcelKeys: precomputed.keys }, params);
  const count = params.add(precomputed.matched, 'bigint');
  const limit = params.add(input.limit, 'int');
  let page: string;
  if (signals.length === 0) {
    page = `SELECT m.*, ${count} AS matched, NULL::numeric AS score FROM (${matched}) m ORDER BY m.parcel_id COLLATE "C" LIMIT ${limit}`;
  } else {
    const ranges = signals
      .map((s, k) => `${params.add(precomputed.ranges[k]!.min, 'float8')} AS min_${s.alias}, ${params.add(precomputed.ranges[k]!.max, 'float8')} AS max_${s.alias}`)
      .join(', ');
    const contributions = signals.map((s) => `${contributionSql(s)} AS c_${s.alias}, r.max_${s.alias} IS NULL AS x_${s.alias}`).join(', ');
    page = `WITH r AS (SELECT r0.*, ${rankedWeightSql(signals, 'r0')} AS ranked_weight FROM (SELECT ${count} AS matched, ${ranges}) r0),
            scored AS (SELECT m.*, r.matched, r.ranked_weight, ${contributions} FROM (${matched}) m CROSS JOIN r),
            page AS (SELECT scored.*, CASE WHEN scored.ranked_weight = 0 THEN NULL ELSE round(${signals.map((s) => `c_${s.alias}`).join(' + ')}, 2) END AS score FROM scored)
            SELECT page.* FROM page ORDER BY page.score DESC NULLS LAST, page.parcel_id COLLATE "C" LIMIT ${limit}`;
  }
  const order = signals.length === 0 ? 'page.parcel_id COLLATE "C"' : 'page.score DESC NULLS LAST, page.parcel_id COLLATE "C"';
  return withOutlines(page, order, `, (${BUILDS_DIGEST_SQL}) AS builds_digest`, params, { signals, unscreened, near, alternatives });
}
