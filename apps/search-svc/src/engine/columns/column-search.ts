import { Logger } from '@nestjs/common';
import { WorkSlices } from '@lp/runtime';
import { ASSEMBLY_MAX_GAP_DEFAULT_M } from '@lp/contracts';
import type { PrecomputedPage, SearchQueryInput } from '../search-query.js';

export type { PrecomputedPage } from '../search-query.js';
import { planSignals, SIGNAL_COLUMN, type SignalPlan } from '../signal-sql.js';
import { and, columnsOf, not, or, TRUE, type Expr } from './column-expr.js';
import { criteriaExprs } from './column-filters.js';
import { compileKernel, type Kernel } from './column-kernel.js';
import { compileScorePass, KEY_SLOTS, scoreBound } from './column-score.js';
import { columnKind } from './column-catalogue.js';
import { SparseNumbers, type NumberColumn } from './column-sparse.js';
import { CodedNumbers } from './column-coded.js';
import { searchesMatched } from './column-metrics.js';
import { zoneOf } from './column-zones.js';
import { MatchScratch, type GminaMatches } from './column-scratch.js';
import { ColumnsUnavailable, type ColumnLease, type ColumnStore, type GminaChunk } from './column-store.js';

/** A search left to PostgreSQL, counted by why. */
function declined(reason: string): undefined {
  searchesMatched.inc({ where: 'postgres', reason });
  return undefined;
}

/** The gminas a search reads, as scopeSql selects them. */
function scopeTeryts(input: SearchQueryInput, built: readonly string[]): string[] {
  if (input.allowed.length < input.scopeGminas.length) {
    const allowed = new Set(input.allowed);
    return built.filter((t) => allowed.has(t));
  }
  if (input.scope.kind === 'region') {
    const teryt = input.scope.teryt;
    return built.filter((t) => (teryt.length === 7 ? t === teryt : t.startsWith(teryt)));
  }
  return [...built];
}

/** `teryt` is in `members`, with terytIn's choice of the list or its complement (they differ only for rows outside the universe). */
function terytIn(members: readonly string[], universe: readonly string[]): Expr {
  if (members.length === 0) return { op: 'const', value: false };
  if (members.length === universe.length) return TRUE;
  const inside = new Set(members);
  const others = universe.filter((t) => !inside.has(t));
  return members.length <= others.length ? { op: 'gmina', teryts: inside } : not({ op: 'gmina', teryts: new Set(others) });
}

/**
 * The WHERE of matchedSelect as one predicate, or undefined when a criterion needs PostgreSQL.
 * Criteria in `siteLevel` (site assembly) do not filter, as in matchedSelect.
 */
function wherePredicate(input: SearchQueryInput, siteLevel?: ReadonlySet<string>): Expr | undefined {
  const exprs = criteriaExprs(input.request.filters ?? {}, input.indexFormat);
  const allowed = new Set(input.allowed);
  const conjuncts: Expr[] = [];
  for (const plan of input.plans) {
    if (siteLevel?.has(plan.criterion.criterion)) continue;
    const criterion = exprs.get(plan.criterion.criterion);
    // a reach touching gminas without data is measured on their outlines, in PostgreSQL
    if (!criterion || plan.reachGap) return undefined;
    if (plan.criterion.mode === 'requires') {
      conjuncts.push(criterion.passes);
      continue;
    }
    // screens: checked where the data exists; a row of a gmina without it, or without the value, passes unscreened
    if (plan.view.status === 'missing') continue;
    const uncovered = plan.uncovered.filter((t) => allowed.has(t));
    const flags = [uncovered.length > 0 ? terytIn(uncovered, input.allowed) : undefined, criterion.unknown].filter((f): f is Expr => f !== undefined);
    conjuncts.push(flags.length > 0 ? or(or(...flags), criterion.passes) : criterion.passes);
  }
  return conjuncts.length > 0 ? and(...conjuncts) : TRUE;
}

/** Characters whose UTF-16 order differs from their UTF-8 byte order (surrogates and what follows them). */
const BEYOND_BYTE_ORDER = /[\ud800-\uffff]/;

/**
 * Byte order of parcel ids (COLLATE "C"). Below U+D800 JavaScript's string order is byte order, and
 * parcel ids are ASCII; comparing bytes always (two Buffers a comparison) made sorting a national
 * search's 2,477 gminas a visible part of it, so bytes are compared only where the strings need it.
 */
function compareIds(a: string, b: string): number {
  if (BEYOND_BYTE_ORDER.test(a) || BEYOND_BYTE_ORDER.test(b)) return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One gmina's matching rows. */
export interface Matched {
  chunk: GminaChunk;
  /** Positions of the matched rows in the chunk, in parcel-id order. */
  rows: Int32Array;
}

/** A gmina with matched rows, as firstById reads it. */
interface FirstRows {
  chunk: GminaChunk;
  /** Its first `max` matched rows, in parcel-id order. */
  first(max: number): ArrayLike<number>;
}

/**
 * The first parcels in parcel-id byte order among the `matched` rows, at least `limit` of them if there
 * are: gminas are visited by their first id, each gives at most `limit` rows (its own first ones),
 * and the walk stops once `limit` rows are held and the next gmina starts after every id held.
 */
function firstById(matched: readonly FirstRows[], limit: number): number[] {
  const order = [...matched].sort((a, b) => compareIds(a.chunk.minId!, b.chunk.minId!));
  const keys: number[] = [];
  let last: string | null = null;
  for (const m of order) {
    if (keys.length >= limit && last !== null && compareIds(m.chunk.minId!, last) > 0) break;
    const rows = m.first(limit);
    for (let k = 0; k < rows.length; k++) keys.push(m.chunk.keys.at(rows[k]!));
    if (rows.length > 0 && (last === null || compareIds(m.chunk.maxId!, last) > 0)) last = m.chunk.maxId!;
  }
  return keys;
}

/**
 * Broad searches in memory, because a scan of every matching row in PostgreSQL costs about a
 * microsecond a row, so a national search matching millions cannot answer in a few hundred
 * milliseconds there. Here the filters run as one compiled loop over typed columns per gmina, the
 * count and signal ranges in the same pass, and the page's candidates are chosen by score × 100
 * (float8, with a margin at rounding boundaries) and parcel id; PostgreSQL then scores and orders
 * those few exactly and returns the rows (buildPageQuery). Requests with a criterion that needs a
 * spatial join, a box, or parcels named, run in PostgreSQL as before.
 */
export class ColumnSearch {
  private readonly logger = new Logger('ColumnSearch');
  /**
   * Scratches not in use. A pass lets the event loop run between slices (WorkSlices), so another
   * search may run in the middle of it: each search takes a scratch of its own for its pass and
   * gives it back, and the few there are (as many as searches ever ran at once) are reused.
   */
  private readonly idleScratches: MatchScratch[] = [];

  constructor(private readonly store: ColumnStore) {}

  /**
   * Loads what most requests read for every built gmina, in the background: parcel keys, areas and
   * the neighbour pairs within the default assembly gap (at 1 M parcels about 4, 8 and 15 MB).
   */
  warm(): Promise<void> {
    return this.store.warm(['area_sqm'], { pairsWithinM: ASSEMBLY_MAX_GAP_DEFAULT_M });
  }

  /** The page's precomputation, or undefined when this search runs in PostgreSQL. */
  async search(input: SearchQueryInput): Promise<PrecomputedPage | undefined> {
    const signals = planSignals(input.request.rank_by ?? []);
    const leased = await this.leaseFor(input, { columns: signals.map((s) => SIGNAL_COLUMN[s.signal].column) });
    if (!leased) return undefined;
    const { where, lease } = leased;
    const scratch = this.idleScratches.pop() ?? new MatchScratch();
    try {
      return await this.searchIn(lease, where, signals, input.limit, scratch);
    } finally {
      this.idleScratches.push(scratch);
    }
  }

  /**
   * The precomputation of one search in `scratch`, its own for the pass: the pass lets the event
   * loop run between slices (the lease's arrays do not change under it).
   */
  private async searchIn(lease: ColumnLease, where: Expr, signals: readonly SignalPlan[], limit: number, scratch: MatchScratch): Promise<PrecomputedPage> {
    const started = performance.now();
    const slices = new WorkSlices();
    const kernel = compileKernel(where, lease);
    const ranges = signals.map(() => ({ min: Infinity, max: -Infinity }));
    const rangeColumns = signals.map((s) => SIGNAL_COLUMN[s.signal]);
    const starts = scratch.begin(lease.chunks);
    const matched: GminaMatches[] = [];
    const skipped = await this.scan(lease, kernel, slices, scratch, (chunk, index, rows, n) => {
      scratch.set(starts[index]!, rows, n);
      matched.push({ chunk, word: starts[index]!, count: n });
      rangeColumns.forEach(({ column, scale }, j) => widen(ranges[j]!, chunk.columns.get(column) as NumberColumn, scale, rows, n));
    });
    const filtered = performance.now();
    const count = matched.reduce((sum, m) => sum + m.count, 0);
    const found = ranges.map((r) => (r.max === -Infinity ? { min: null, max: null } : r));
    let keys: number[];
    let scored = 0;
    const weight = signals.reduce((sum, s, k) => sum + (found[k]!.max === null ? 0 : s.weight), 0);
    if (count <= limit) keys = matched.flatMap((m) => Array.from(firstRows(scratch, m).first(m.count), (row) => m.chunk.keys.at(row)));
    else if (signals.length === 0 || weight === 0) keys = firstById(matched.map((m) => firstRows(scratch, m)), limit);
    else ({ keys, scored } = await this.candidates(matched, signals, found, weight, limit, slices, scratch));
    searchesMatched.inc({ where: 'memory', reason: '' });
    const ms = (from: number, to: number): string => (to - from).toFixed(1);
    const ended = performance.now();
    this.logger.debug(
      `matched ${count} of ${lease.chunks.reduce((sum, c) => sum + c.size, 0)} parcels in ${lease.chunks.length} gminas in memory (${skipped} ruled out by their zones), ${keys.length} candidates from ${scored} gminas scored, ` +
        `${ms(started, ended)} ms (filter and ranges ${ms(started, filtered)}, page ${ms(filtered, ended)})`,
    );
    return { matched: count, ranges: found, keys, digest: lease.digest };
  }

  /**
   * The rows meeting a request's per-parcel criteria (all but `siteLevel`), with the lease holding
   * `columns` and the neighbour pairs within `pairsWithinM` for them (site assembly); undefined when
   * they are matched in PostgreSQL (as `search` decides, and where a gmina has no pairs yet).
   */
  async matchedRows(
    input: SearchQueryInput,
    need: { siteLevel: ReadonlySet<string>; columns: readonly string[]; pairsWithinM: number },
  ): Promise<{ lease: ColumnLease; matched: Matched[] } | undefined> {
    const leased = await this.leaseFor(input, need);
    if (!leased) return undefined;
    // kept past this call (site assembly awaits with them): copies, not the scratch
    const matched: Matched[] = [];
    const scratch = this.idleScratches.pop() ?? new MatchScratch();
    try {
      const kernel = compileKernel(leased.where, leased.lease);
      await this.scan(leased.lease, kernel, new WorkSlices(), scratch, (chunk, _index, rows, n) => matched.push({ chunk, rows: rows.slice(0, n) }));
    } finally {
      this.idleScratches.push(scratch);
    }
    searchesMatched.inc({ where: 'memory', reason: '' });
    return { lease: leased.lease, matched };
  }

  /**
   * The request's WHERE as a predicate (criteria in `siteLevel` left out) and the lease of the columns
   * it reads plus `columns` (and pairs), or undefined, counted with why, when it runs in PostgreSQL.
   */
  private async leaseFor(
    input: SearchQueryInput,
    need: { siteLevel?: ReadonlySet<string>; columns: readonly string[]; pairsWithinM?: number },
  ): Promise<{ where: Expr; lease: ColumnLease } | undefined> {
    if (input.parcelIds || input.path === 'spatial' || input.judgeAlternatives || input.failing) return undefined;
    if (input.scope.kind === 'bbox') return declined('bbox');
    const where = wherePredicate(input, need.siteLevel);
    if (!where) return declined('spatial_criterion');
    const columns = [...new Set([...columnsOf(where), ...need.columns])];
    try {
      return { where, lease: await this.store.lease((built) => scopeTeryts(input, built), columns, { pairsWithinM: need.pairsWithinM }) };
    } catch (error) {
      if (!(error instanceof ColumnsUnavailable)) throw error;
      this.logger.debug(`in PostgreSQL: ${error.message}`);
      return declined(error.reason);
    }
  }

  /**
   * Runs the kernel over every gmina of the lease, handing `visit` the positions of each one's
   * matched rows (none: not visited). A gmina whose zones rule out every row is not read at all.
   * Returns how many gminas were skipped so. Before each gmina the request's cancellation is
   * checked (a request whose caller went away, or whose deadline passed, stops here rather than
   * after the whole country), and the event loop is let go when the slice has had its time, so a
   * national pass does not hold up the cheap searches of other keys (docs/fair-shares.md).
   */
  private async scan(
    lease: ColumnLease,
    kernel: Kernel,
    slices: WorkSlices,
    scratch: MatchScratch,
    visit: (chunk: GminaChunk, index: number, rows: Int32Array, n: number) => void,
  ): Promise<number> {
    const positions = scratch.positions(lease.chunks.reduce((max, c) => Math.max(max, c.size), 1));
    const flags = new Uint8Array(kernel.gminaSets.length);
    let skipped = 0;
    for (let index = 0; index < lease.chunks.length; index++) {
      if (slices.due()) await slices.next();
      else slices.check();
      const chunk = lease.chunks[index]!;
      if (chunk.size === 0) continue;
      const columns = kernel.columns.map((name) => chunk.columns.get(name)!);
      kernel.gminaSets.forEach((set, k) => (flags[k] = set.has(chunk.teryt) ? 1 : 0));
      if (!kernel.possible(columns.map(zoneOf), flags)) {
        skipped++;
        continue;
      }
      const n = kernel.run(columns, flags, chunk.size, positions);
      if (n > 0) visit(chunk, index, positions, n);
    }
    return skipped;
  }

  /**
   * A superset of the page: every parcel whose score × 100 may exceed the `limit`-th highest lower
   * bound L, every parcel whose key is uncertain at L, and the first parcels by id among those whose
   * key is exactly L (ties are broken by id); and how many gminas were scored.
   */
  private async candidates(
    matched: readonly GminaMatches[],
    signals: readonly SignalPlan[],
    ranges: PrecomputedPage['ranges'],
    weight: number,
    limit: number,
    slices: WorkSlices,
    scratch: MatchScratch,
  ): Promise<{ keys: number[]; scored: number }> {
    const scored = signals.map((plan, j) => {
      const { column, scale } = SIGNAL_COLUMN[plan.signal];
      return { plan, scale, min: ranges[j]!.min, max: ranges[j]!.max, sparse: columnKind(column) === 'sparse' };
    });
    const pass = compileScorePass(scored, weight);
    const largest = matched.reduce((max, m) => Math.max(max, m.chunk.size), 1);
    const rows = scratch.positions(largest);
    const code = scratch.keys(largest);
    const values = matched.map((m) => signals.map((s) => m.chunk.columns.get(SIGNAL_COLUMN[s.signal].column) as NumberColumn));
    // first pass: the keys counted, and each gmina's highest. Gminas are visited best bound first
    // (scoreBound: the key of a row holding each signal's best value in the gmina), and the pass stops
    // at the first whose bound is below the limit-th highest key counted so far: that key can only
    // rise, so no row of that gmina or of those after it reaches L (so a national search ranked by
    // area scores a few gminas, not millions of rows)
    const bound = scoreBound(pass, scored);
    const bounds = values.map((columns) => bound(columns.map(zoneOf)));
    const order = matched.map((_, index) => index).sort((a, b) => bounds[b]! - bounds[a]!);
    const histogram = new Float64Array(KEY_SLOTS);
    const tops = new Int32Array(matched.length).fill(-1);
    let counted = 0;
    let floor = -1;
    let visited = 0;
    for (let k = 0; k < order.length; k++, visited++) {
      const index = order[k]!;
      // the limit-th highest key so far, renewed every few gminas (a stale one is lower: still safe)
      if (counted >= limit && k % 16 === 0) floor = limitThHighest(histogram, limit);
      if (bounds[index]! < floor) break;
      if (slices.due()) await slices.next();
      else slices.check();
      const m = matched[index]!;
      tops[index] = pass(rows, scratch.rows(m, rows), values[index]!, histogram, code);
      counted += m.count;
    }
    // L: the limit-th highest lower bound
    const threshold = limitThHighest(histogram, limit);
    // second pass, over the gminas with a row that may reach L (the keys are computed again: keeping
    // them all cost 4 bytes a matched row); per gmina, its first `limit` rows (in id order) whose key
    // is exactly L: firstById picks among them
    const keys: number[] = [];
    const tied: FirstRows[] = [];
    const recount = new Float64Array(KEY_SLOTS);
    for (let index = 0; index < matched.length; index++) {
      const m = matched[index]!;
      if (tops[index]! < threshold) continue;
      if (slices.due()) await slices.next();
      else slices.check();
      const n = scratch.rows(m, rows);
      pass(rows, n, values[index]!, recount, code);
      let atThreshold: number[] | undefined;
      for (let k = 0; k < n; k++) {
        const low = code[k]! >> 1;
        const high = low + (code[k]! & 1);
        const uncertain = (code[k]! & 1) === 1;
        if (high > threshold || (uncertain && high === threshold)) keys.push(m.chunk.keys.at(rows[k]!));
        else if (code[k] === threshold * 2 && (atThreshold?.length ?? 0) < limit) (atThreshold ??= []).push(rows[k]!);
      }
      if (atThreshold) {
        const held = atThreshold;
        tied.push({ chunk: m.chunk, first: (max) => held.slice(0, max) });
      }
    }
    return { keys: [...keys, ...firstById(tied, limit)], scored: visited };
  }
}

/** A gmina's matched rows as firstById takes them, decoded from the scratch's bits only as far as it reads. */
function firstRows(scratch: MatchScratch, m: GminaMatches): FirstRows {
  return {
    chunk: m.chunk,
    first: (max) => {
      const rows = new Int32Array(Math.min(max, m.count));
      scratch.rows(m, rows, rows.length);
      return rows;
    },
  };
}

/** The limit-th highest key counted in `histogram` (0 when fewer are counted). */
function limitThHighest(histogram: Float64Array, limit: number): number {
  for (let key = KEY_SLOTS - 1, seen = 0; key >= 0; key--) {
    seen += histogram[key]!;
    if (seen >= limit) return key;
  }
  return 0;
}

/** Widens `range` (a signal's, scaled) by the values of the rows `rows[0..n)` of one gmina's `values` (NaN: null, left out). */
function widen(range: { min: number; max: number }, values: NumberColumn, scale: number | undefined, rows: Int32Array, n: number): void {
  // every value of the gmina within the range so far: its matched rows cannot widen it (the range of
  // a national search settles after a few hundred gminas, and the rest are not read)
  const zone = zoneOf(values);
  if ((scale ? zone.min / scale : zone.min) >= range.min && (scale ? zone.max / scale : zone.max) <= range.max) return;
  // the kind tested once a gmina, not per row: a national range reads millions
  const sparse = values instanceof SparseNumbers ? values : undefined;
  const codes = values instanceof CodedNumbers ? values.codes : undefined;
  const dense = values instanceof CodedNumbers ? values.values : (values as Float64Array);
  let { min, max } = range;
  for (let k = 0; k < n; k++) {
    const raw = sparse ? sparse.get(rows[k]!) : codes ? dense[codes[rows[k]!]!]! : dense[rows[k]!]!;
    if (raw !== raw) continue;
    const value = scale ? raw / scale : raw;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  range.min = min;
  range.max = max;
}
