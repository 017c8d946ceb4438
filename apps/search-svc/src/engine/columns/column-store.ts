import { Logger } from '@nestjs/common';
import { outsideRequest } from '@lp/runtime';
import { columnBytes } from './column-metrics.js';
import { outsideSearchReads } from '../read-once.js';
import { columnKind, ELEMENT_SEPARATOR, NULL_TEXT, VALUE_SEPARATOR, type ColumnKind } from './column-catalogue.js';
import { FrontValues } from './column-front.js';
import { SparseNumbers } from './column-sparse.js';
import { CodedNumbers } from './column-coded.js';
import { ParcelKeys } from './column-keys.js';
import { packColumns } from './column-pack.js';
import { collectGarbage } from './column-garbage.js';
import type { ColumnArray, KernelContext } from './column-kernel.js';
import type { BuildStamp, ColumnChunkRow, ColumnRepository, ColumnStats } from './column.repository.js';

/** One gmina's rows in memory: parcel keys and the columns loaded so far, all in parcel-id byte order. */
export interface GminaChunk {
  teryt: string;
  /** The build these rows come from (`index_builds.built_at`). */
  stamp: string;
  size: number;
  /** The first and last parcel ids in byte order (null: no rows). */
  minId: string | null;
  maxId: string | null;
  keys: ParcelKeys;
  /** Some row has no parcel key yet (a build made before the keys): the gmina is searched in PostgreSQL. */
  unkeyed: boolean;
  columns: Map<string, ColumnArray>;
  /**
   * Per gap (metres), the neighbour pairs of the gmina's build at most that far apart, as site
   * assembly reads them: flat, each pair's parcel keys one after the other (the first end in this gmina).
   */
  pairs: Map<number, Int32Array>;
}

/** What a search reads, held for it: the chunks of its gminas with the columns it asked for. */
export interface ColumnLease extends KernelContext {
  chunks: GminaChunk[];
  /** The builds fingerprint the chunks were checked against. */
  digest: string;
}

/** Why the store cannot serve a search from memory (it then runs in PostgreSQL); `reason` labels the metric. */
export class ColumnsUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: 'loading' | 'over_budget' | 'rebuilt' | 'unkeyed' | 'unpaired' | 'too_many_values' | 'older_build',
  ) {
    super(message);
  }
}

const NULL_KEY = -(2 ** 31);
/** A load adding this much collects its garbage at once (column-garbage.ts); smaller ones leave it to V8. */
const COLLECT_AFTER_BYTES = 16 * 2 ** 20;
/** Gminas per load statement: large enough to amortise a round trip, small enough to stream. */
const LOAD_BATCH = 250;
/**
 * The memory estimate of neighbour pairs per parcel, before they are read: about two pairs within
 * 5 m per parcel on the scale dataset (1.9 M for 1 M parcels), 8 bytes each.
 */
const PAIR_BYTES_PER_ROW = 16;

/** What a lease holds besides its columns. */
export interface LeaseOptions {
  /** The neighbour pairs at most this many metres apart (site assembly). */
  pairsWithinM?: number;
}

/** The least-recently-used entry of the neighbour pairs of one gap: this prefix and the gap (no column is named so). */
const PAIRS_ENTRY = 'pairs:';
function pairsEntry(gapM: number): string {
  return `${PAIRS_ENTRY}${gapM}`;
}

interface Dictionary {
  codes: Map<string, number>;
  values: string[];
  /** For set columns: each code's elements. */
  sets: Array<ReadonlySet<string> | null>;
}

/**
 * The in-memory columns of the search index, so broad searches match without a scan in
 * PostgreSQL: per gmina, loaded on demand from
 * `search.parcel_index`, dropped when the gmina is rebuilt (its build stamp changes), the least
 * recently used columns evicted beyond the memory budget. Loads run one at a time; a search holds
 * what it reads in a lease, so an eviction or a reload never changes data under a running search.
 */
export class ColumnStore {
  private readonly logger = new Logger('ColumnStore');
  private readonly chunks = new Map<string, GminaChunk>();
  private readonly dictionaries = new Map<string, Dictionary>();
  private readonly lastUsed = new Map<string, number>();
  private stamps = new Map<string, BuildStamp>();
  private digest: string | undefined;
  /** Per column, its statistics (pg_stats), read for the builds of `statsDigest`. */
  private stats = new Map<string, ColumnStats>();
  /** Per column (and pairs entry), the bytes a row it took in the largest load so far, over how many rows. */
  private readonly measured = new Map<string, { bytesPerRow: number; rows: number }>();
  private statsDigest: string | undefined;
  private loading: Promise<unknown> = Promise.resolve();
  private readonly queued = new Map<string, Promise<void>>();
  private clock = 0;

  constructor(
    private readonly repository: ColumnRepository,
    private readonly budgetBytes: number,
    private readonly options: { waitForLoads?: boolean } = {},
  ) {}

  /** The built gminas (as of the last check). */
  builtGminas(): string[] {
    return [...this.stamps.keys()];
  }

  /** Bytes held by column data and keys. */
  bytes(): number {
    let total = 0;
    for (const chunk of this.chunks.values()) {
      total += chunk.keys.byteLength;
      for (const column of chunk.columns.values()) total += column.byteLength;
      for (const pairs of chunk.pairs.values()) total += pairs.byteLength;
    }
    return total;
  }

  /** Checks the build stamps (one small query): gminas rebuilt or dropped since are forgotten. */
  async refreshStamps(): Promise<void> {
    const digest = await this.repository.buildsDigest();
    if (digest === this.digest) return;
    const stamps = await this.repository.buildStamps();
    for (const [teryt, chunk] of this.chunks) if (stamps.get(teryt)?.stamp !== chunk.stamp) this.chunks.delete(teryt);
    this.stamps = stamps;
    this.digest = digest;
  }

  /**
   * The chunks of the gminas `select` picks among the built ones, with these columns. What is not in
   * memory yet is loaded: awaited with `waitForLoads` (tests, benchmarks), otherwise in the background
   * while this search gets ColumnsUnavailable and runs in PostgreSQL, so no search waits for a load.
   * Beyond the budget: ColumnsUnavailable.
   */
  async lease(select: (built: readonly string[]) => string[], columns: readonly string[], options: LeaseOptions = {}): Promise<ColumnLease> {
    if (this.options.waitForLoads) await this.loading;
    await this.refreshStamps();
    const teryts = select([...this.stamps.keys()]);
    const gap = options.pairsWithinM;
    // pairs a build did not write cannot be read: such a gmina's assembly clusters its outlines in PostgreSQL
    const unpaired = gap === undefined ? undefined : teryts.find((t) => !this.stamps.get(t)!.adjacency);
    if (unpaired !== undefined) throw new ColumnsUnavailable(`gmina ${unpaired} was built before its neighbour pairs`, 'unpaired');
    const missing =
      teryts.some((t) => !this.chunks.has(t)) ||
      columns.some((c) => teryts.some((t) => !this.chunks.get(t)!.columns.has(c))) ||
      (gap !== undefined && teryts.some((t) => !this.chunks.get(t)!.pairs.has(gap)));
    if (!missing) return this.held(teryts, columns, gap);
    // refused before it is queued: a load that cannot fit would fail in the background, and every
    // search asking would be told "loading" and queue it again
    await this.readStats(columns);
    this.checkBudget(columns, gap, teryts);
    // one load at a time, each asked for once while it waits
    const signature = `${columns.join(',')}|${gap ?? ''}|${teryts.join(',')}`;
    let load = this.queued.get(signature);
    if (!load) {
      // outside the request that asked: a national load outlasts its deadline, which would cancel it,
      // and outside its search's stamps
      load = this.loading.then(() => outsideRequest(() => outsideSearchReads(() => this.load(teryts, columns, gap)))).finally(() => this.queued.delete(signature));
      this.queued.set(signature, load);
      this.loading = load.catch((error: unknown) => this.logger.warn(`column load failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    if (!this.options.waitForLoads) throw new ColumnsUnavailable('its columns are loading', 'loading');
    await load;
    await this.refreshStamps();
    // dropped after the load where they took more than the budget: refused as the next search would be
    this.checkBudget(columns, gap, teryts);
    return this.held(teryts, columns, gap);
  }

  /**
   * Loads these columns (and pairs) for every built gmina in the background, unless held already:
   * what most searches and assemblies read, so the first of them after a start or a rebuild need not
   * run in PostgreSQL while it loads. A warm-up over the budget is skipped, said in the log.
   */
  async warm(columns: readonly string[], options: LeaseOptions = {}): Promise<void> {
    try {
      await this.lease((built) => [...built], columns, options);
    } catch (error) {
      if (!(error instanceof ColumnsUnavailable)) throw error;
      if (error.reason !== 'loading') this.logger.log(`no warm-up of ${columns.join(', ')}: ${error.message}`);
    }
  }

  /** Resolves when no load is running (tests). */
  async idle(): Promise<void> {
    await this.loading;
  }

  private async load(teryts: readonly string[], columns: readonly string[], gap: number | undefined): Promise<void> {
    const started = performance.now();
    const adds = this.makeRoom(columns, gap, teryts);
    const before = this.bytes();
    await this.loadKeys(teryts.filter((t) => !this.chunks.has(t)));
    for (const column of columns) await this.loadColumn(column, teryts.filter((t) => this.chunks.has(t) && !this.chunks.get(t)!.columns.has(column)));
    if (gap !== undefined) await this.loadPairs(gap, teryts.filter((t) => this.chunks.has(t) && !this.chunks.get(t)!.pairs.has(gap)));
    const loaded = this.bytes() - before;
    const what = [...columns, ...(gap === undefined ? [] : [`pairs within ${gap} m`])].join(', ');
    if (loaded > 0) this.logger.log(`loaded ${Math.round(loaded / 2 ** 10)} KiB of columns (${what}) for ${teryts.length} gminas in ${Math.round(performance.now() - started)} ms; ${Math.round(this.bytes() / 2 ** 20)} MB held`);
    this.measure(columns, gap, teryts);
    if (this.bytes() > this.budgetBytes) this.capAfterLoad(columns, gap, teryts, before + adds, what);
    columnBytes.set(this.bytes());
    // what the load read is garbage now, and the evicted columns too
    if (loaded >= COLLECT_AFTER_BYTES) {
      const collecting = performance.now();
      collectGarbage();
      this.logger.log(`collected the load's garbage in ${Math.round(performance.now() - collecting)} ms`);
    }
  }

  /** Remembers what each column (and the pairs) really took a row in these gminas, for the next estimates. */
  private measure(columns: readonly string[], gap: number | undefined, teryts: readonly string[]): void {
    let rows = 0;
    const bytes = new Map<string, number>(columns.map((c) => [c, 0]));
    let pairBytes = 0;
    for (const teryt of teryts) {
      const chunk = this.chunks.get(teryt);
      if (!chunk) continue;
      rows += chunk.size;
      for (const column of columns) bytes.set(column, bytes.get(column)! + (chunk.columns.get(column)?.byteLength ?? 0));
      if (gap !== undefined) pairBytes += chunk.pairs.get(gap)?.byteLength ?? 0;
    }
    if (rows === 0) return;
    const remember = (entry: string, total: number): void => {
      if ((this.measured.get(entry)?.rows ?? 0) <= rows) this.measured.set(entry, { bytesPerRow: total / rows, rows });
    };
    for (const [column, total] of bytes) remember(column, total);
    if (gap !== undefined) remember(pairsEntry(gap), pairBytes);
  }

  /**
   * The estimate of an entry's bytes a row, raised to what it really took where a load at least half
   * this size measured it (a small region's fill says little of the country's).
   */
  private measuredOr(entry: string, rows: number, estimate: number): number {
    const measured = this.measured.get(entry);
    return measured && measured.rows * 2 >= rows ? Math.max(estimate, measured.bytesPerRow) : estimate;
  }

  /**
   * The budget is a cap on what is held, not only on the estimate: where the estimate fell short
   * (a sparse column fuller in these gminas than in the country, fronts with more steps), the least
   * recently used entries this load did not bring are evicted until the store fits, then the chunks
   * of other gminas; if this load alone is over the budget it is dropped too, and its measured size
   * refuses the next such search at once (over_budget: it runs in PostgreSQL). `estimated`: what
   * the store was to hold after this load.
   */
  private capAfterLoad(columns: readonly string[], gap: number | undefined, teryts: readonly string[], estimated: number, what: string): void {
    const mb = (bytes: number): string => `${Math.round(bytes / 2 ** 20)} MB`;
    this.logger.warn(`holding ${mb(this.bytes())} after loading ${what}, over the budget of ${mb(this.budgetBytes)}: the estimate (${mb(estimated)}) fell short; evicting`);
    const keep = new Set(this.entriesOf(columns, gap));
    this.evictLeastRecent(keep, () => this.bytes() <= this.budgetBytes);
    if (this.bytes() > this.budgetBytes) this.dropOtherGminas(teryts);
    if (this.bytes() <= this.budgetBytes) return;
    this.logger.warn(`${what} alone take ${mb(this.bytes())} for these gminas, over the budget: dropped; such searches run in PostgreSQL`);
    for (const entry of keep) this.evict(entry);
    if (this.bytes() > this.budgetBytes) this.chunks.clear();
  }

  /** The lease of what is in memory, or ColumnsUnavailable where a gmina changed under the load. */
  private held(teryts: readonly string[], columns: readonly string[], gap: number | undefined): ColumnLease {
    const tick = ++this.clock;
    for (const column of columns) this.lastUsed.set(column, tick);
    if (gap !== undefined) this.lastUsed.set(pairsEntry(gap), tick);
    const chunks: GminaChunk[] = [];
    for (const teryt of teryts) {
      const chunk = this.chunks.get(teryt);
      if (!chunk || columns.some((c) => !chunk.columns.has(c)) || (gap !== undefined && !chunk.pairs.has(gap))) {
        throw new ColumnsUnavailable(`gmina ${teryt} was rebuilt while its columns loaded`, 'rebuilt');
      }
      if (chunk.unkeyed) throw new ColumnsUnavailable(`gmina ${teryt} has parcels without a key (a build made before the keys)`, 'unkeyed');
      const partial = columns.find((c) => isIncompleteFront(chunk.columns.get(c)));
      if (partial) throw new ColumnsUnavailable(`gmina ${teryt} was built before its ${partial} column`, 'older_build');
      chunks.push(chunk);
    }
    const dictionaries = new Map(this.dictionaries);
    return {
      chunks,
      digest: this.digest!,
      kindOf: (name) => kindOrThrow(name),
      codeOf: (name, value) => dictionaries.get(name)?.codes.get(value),
      codeCount: (name) => dictionaries.get(name)?.values.length ?? 1,
      setOf: (name, code) => dictionaries.get(name)?.sets[code] ?? null,
    };
  }

  /**
   * Reads the statistics of the sparse and number columns among these, unless read since the last
   * build: their bytes depend on how full they are and how many distinct values they have (a column
   * without statistics yet is read again at its next load).
   */
  private async readStats(columns: readonly string[]): Promise<void> {
    const estimated = columns.filter((c) => kindOrThrow(c) === 'sparse' || kindOrThrow(c) === 'number');
    if (estimated.length === 0 || (this.statsDigest === this.digest && estimated.every((c) => this.stats.has(c)))) return;
    this.stats = await this.repository.columnStats();
    this.statsDigest = this.digest;
  }

  /** The estimate of a column's bytes a row over `rows` rows of `gminas` gminas, its keys left out. */
  private bytesPerRow(column: string, rows: number, gminas: number): number {
    const kind = kindOrThrow(column);
    const stats = this.stats.get(column);
    if (kind === 'number') {
      // coded where a gmina has few distinct values (column-coded.ts): a code a row and, at worst,
      // every distinct value of the table in each gmina's dictionary; without statistics, dense
      const distinct = stats?.distinct ?? Infinity;
      if (distinct > 0x10000 || rows === 0) return BYTES_PER_ROW.number;
      return Math.min(BYTES_PER_ROW.number, (distinct <= 0x100 ? 1 : 2) + (8 * Math.min(rows, distinct * gminas)) / rows);
    }
    if (kind !== 'sparse') return BYTES_PER_ROW[kind];
    // the whole table's fill: a region fuller than the country is counted short by the difference
    // (bytes() counts what is held exactly); without statistics every row is counted as filled
    const fill = Math.min(1, (stats?.present ?? 1) + FILL_MARGIN);
    return SPARSE_INDEX_BYTES_PER_ROW + 8 * fill;
  }

  /** The estimate of what these columns (and pairs) take for these gminas, refused when over the budget. */
  private checkBudget(columns: readonly string[], gap: number | undefined, teryts: readonly string[]): number {
    const need = this.estimate(columns, gap, teryts, false);
    if (need > this.budgetBytes) {
      throw new ColumnsUnavailable(`the columns of this search need about ${Math.round(need / 2 ** 20)} MB, over the budget of ${Math.round(this.budgetBytes / 2 ** 20)} MB`, 'over_budget');
    }
    return need;
  }

  /**
   * The bytes of these gminas' keys, columns and pairs by the estimate (`missingOnly`: of those not
   * held yet, what a load adds), each entry's bytes a row from the whole scope's rows.
   */
  private estimate(columns: readonly string[], gap: number | undefined, teryts: readonly string[], missingOnly: boolean): number {
    const sizeOf = (teryt: string): number => this.chunks.get(teryt)?.size ?? this.stamps.get(teryt)?.parcels ?? 0;
    const rows = teryts.reduce((sum, t) => sum + sizeOf(t), 0);
    const perRow = new Map(columns.map((c) => [c, this.measuredOr(c, rows, this.bytesPerRow(c, rows, teryts.length))]));
    const pairsPerRow = gap === undefined ? 0 : this.measuredOr(pairsEntry(gap), rows, PAIR_BYTES_PER_ROW);
    let bytes = 0;
    for (const teryt of teryts) {
      const held = missingOnly ? this.chunks.get(teryt) : undefined;
      let perThisRow = 0;
      for (const [column, b] of perRow) if (!held?.columns.has(column)) perThisRow += b;
      if (gap !== undefined && !held?.pairs.has(gap)) perThisRow += pairsPerRow;
      bytes += sizeOf(teryt) * perThisRow + (held ? 0 : KEY_RUN_BYTES);
    }
    return bytes;
  }

  /**
   * Refuses what cannot fit, then evicts the least recently used columns (and pairs) other than these
   * until what the load adds fits by the estimate. Returns that estimate.
   */
  private makeRoom(columns: readonly string[], gap: number | undefined, teryts: readonly string[]): number {
    this.checkBudget(columns, gap, teryts);
    const adds = this.estimate(columns, gap, teryts, true);
    // keys of gminas outside this search count too
    this.evictLeastRecent(new Set(this.entriesOf(columns, gap)), () => this.bytes() + adds <= this.budgetBytes);
    if (this.bytes() + adds > this.budgetBytes) this.dropOtherGminas(teryts);
    return adds;
  }

  /** The least-recently-used entries of these columns and pairs. */
  private entriesOf(columns: readonly string[], gap: number | undefined): string[] {
    return [...columns, ...(gap === undefined ? [] : [pairsEntry(gap)])];
  }

  /** Evicts entries other than `keep`, least recently used first, until `enough`. */
  private evictLeastRecent(keep: ReadonlySet<string>, enough: () => boolean): void {
    // every entry held, not only those a search has leased: a warm-up's load is held before any search uses it
    const held = new Set<string>();
    for (const chunk of this.chunks.values()) {
      for (const column of chunk.columns.keys()) held.add(column);
      for (const gap of chunk.pairs.keys()) held.add(pairsEntry(gap));
    }
    const candidates = [...held].filter((entry) => !keep.has(entry)).sort((a, b) => (this.lastUsed.get(a) ?? 0) - (this.lastUsed.get(b) ?? 0));
    while (!enough() && candidates.length > 0) {
      const entry = candidates.shift()!;
      this.evict(entry);
      this.logger.log(`evicted ${entry} (budget ${Math.round(this.budgetBytes / 2 ** 20)} MB)`);
    }
  }

  /** Drops a column (or the pairs of a gap) from every gmina. */
  private evict(entry: string): void {
    const pairsGap = entry.startsWith(PAIRS_ENTRY) ? Number(entry.slice(PAIRS_ENTRY.length)) : undefined;
    for (const chunk of this.chunks.values()) {
      if (pairsGap !== undefined) chunk.pairs.delete(pairsGap);
      else chunk.columns.delete(entry);
    }
    this.lastUsed.delete(entry);
  }

  /** The other gminas' keys and columns: drops the chunks not searched now. */
  private dropOtherGminas(teryts: readonly string[]): void {
    const searched = new Set(teryts);
    for (const teryt of [...this.chunks.keys()]) if (!searched.has(teryt)) this.chunks.delete(teryt);
  }

  /**
   * Reads these gminas' rows LOAD_BATCH gminas a statement: `take` gets each row answered, `absent`
   * each gmina of the batch the statement had no row for.
   */
  private async inBatches<R extends { teryt: string }>(
    teryts: readonly string[],
    read: (batch: readonly string[]) => Promise<R[]>,
    take: (row: R) => void,
    absent: (teryt: string) => void,
    afterBatch: (batch: readonly string[]) => void = () => undefined,
  ): Promise<void> {
    for (let start = 0; start < teryts.length; start += LOAD_BATCH) {
      const batch = teryts.slice(start, start + LOAD_BATCH);
      const found = new Set<string>();
      for (const row of await read(batch)) {
        found.add(row.teryt);
        take(row);
      }
      for (const teryt of batch) if (!found.has(teryt)) absent(teryt);
      afterBatch(batch);
    }
  }

  /** One batch's arrays of a column (or of the pairs of a gap), moved into one buffer (column-pack.ts). */
  private pack<T extends ColumnArray | Int32Array>(batch: readonly string[], get: (chunk: GminaChunk) => T | undefined, set: (chunk: GminaChunk, value: T) => void): void {
    const chunks = batch.map((teryt) => this.chunks.get(teryt)).filter((chunk): chunk is GminaChunk => chunk !== undefined && get(chunk) !== undefined);
    const packed = packColumns(chunks.map((chunk) => get(chunk)!));
    chunks.forEach((chunk, k) => set(chunk, packed[k]!));
  }

  private async loadKeys(teryts: readonly string[]): Promise<void> {
    await this.inBatches(
      teryts,
      (batch) => this.repository.keys(batch),
      (row) => {
        if (row.stamp !== this.stamps.get(row.teryt)?.stamp) return;
        const data = row.data as Buffer;
        if (data.length !== row.rows * 4) throw new Error(`keys of ${row.teryt}: ${data.length} bytes for ${row.rows} rows`);
        const read = new Int32Array(row.rows);
        for (let i = 0; i < row.rows; i++) read[i] = data.readInt32BE(i * 4);
        const keys = ParcelKeys.of(read);
        this.chunks.set(row.teryt, { teryt: row.teryt, stamp: row.stamp, size: row.rows, minId: row.min_id, maxId: row.max_id, keys, unkeyed: keys.includes(NULL_KEY), columns: new Map(), pairs: new Map() });
      },
      // built with no rows: an empty chunk
      (teryt) => this.chunks.set(teryt, { teryt, stamp: this.stamps.get(teryt)!.stamp, size: 0, minId: null, maxId: null, keys: ParcelKeys.empty(), unkeyed: false, columns: new Map(), pairs: new Map() }),
    );
  }

  private async loadColumn(name: string, teryts: readonly string[]): Promise<void> {
    const kind = kindOrThrow(name);
    await this.inBatches(
      teryts,
      (batch) => this.repository.column(name, batch),
      (row) => {
        const chunk = this.chunks.get(row.teryt);
        if (!chunk) return;
        // rebuilt since its keys were read: forget it, the next search loads it afresh
        if (row.stamp !== chunk.stamp || row.rows !== chunk.size) this.chunks.delete(row.teryt);
        else chunk.columns.set(name, this.decode(name, kind, row));
      },
      (teryt) => {
        const chunk = this.chunks.get(teryt);
        if (chunk?.size === 0) chunk.columns.set(name, emptyColumn(kind));
        else this.chunks.delete(teryt);
      },
      (batch) => this.pack(batch, (chunk) => chunk.columns.get(name), (chunk, column) => chunk.columns.set(name, column)),
    );
  }

  /** The neighbour pairs within `gap` of these gminas (a gmina without pairs that near: none). */
  private async loadPairs(gap: number, teryts: readonly string[]): Promise<void> {
    await this.inBatches(
      teryts,
      (batch) => this.repository.pairs(gap, batch),
      (row) => {
        const chunk = this.chunks.get(row.teryt);
        if (!chunk) return;
        if (row.stamp !== chunk.stamp) {
          this.chunks.delete(row.teryt);
          return;
        }
        const data = row.data as Buffer;
        if (data.length !== row.rows * 8) throw new Error(`pairs of ${row.teryt}: ${data.length} bytes for ${row.rows} pairs`);
        const pairs = new Int32Array(row.rows * 2);
        for (let i = 0; i < pairs.length; i++) pairs[i] = data.readInt32BE(i * 4);
        chunk.pairs.set(gap, pairs);
      },
      (teryt) => this.chunks.get(teryt)?.pairs.set(gap, new Int32Array(0)),
      (batch) => this.pack(batch, (chunk) => chunk.pairs.get(gap), (chunk, pairs) => chunk.pairs.set(gap, pairs)),
    );
  }

  private decode(name: string, kind: ColumnKind, row: ColumnChunkRow): ColumnArray {
    if (kind === 'sparse') {
      const presence = row.presence ?? '';
      if (presence.length !== row.rows) throw new Error(`${name} of ${row.teryt}: ${presence.length} flags for ${row.rows} rows`);
      return SparseNumbers.decode(`${name} of ${row.teryt}`, presence, row.data as Buffer);
    }
    if (kind === 'number') {
      const data = row.data as Buffer;
      if (data.length !== row.rows * 8) throw new Error(`${name} of ${row.teryt}: ${data.length} bytes for ${row.rows} rows`);
      const out = new Float64Array(row.rows);
      for (let i = 0; i < row.rows; i++) out[i] = data.readDoubleBE(i * 8);
      return CodedNumbers.fromDense(out) ?? out;
    }
    const text = row.data as string;
    if (kind === 'front') {
      const front = FrontValues.decode(`${name} of ${row.teryt}`, row.rows === 0 ? [] : text.split(VALUE_SEPARATOR), NULL_TEXT);
      if (!front) throw new ColumnsUnavailable(`${name} of ${row.teryt} has more than 65,536 distinct values`, 'too_many_values');
      return front;
    }
    if (kind === 'bool') {
      if (text.length !== row.rows) throw new Error(`${name} of ${row.teryt}: ${text.length} flags for ${row.rows} rows`);
      const out = new Uint8Array(row.rows);
      for (let i = 0; i < row.rows; i++) out[i] = text.charCodeAt(i) - 48;
      return out;
    }
    const values = row.rows === 0 ? [] : text.split(VALUE_SEPARATOR);
    if (values.length !== row.rows) throw new Error(`${name} of ${row.teryt}: ${values.length} values for ${row.rows} rows (a value holds a separator)`);
    const dictionary = this.dictionary(name);
    const out = new Uint16Array(row.rows);
    for (let i = 0; i < row.rows; i++) {
      const value = values[i]!;
      if (value === NULL_TEXT) continue;
      let code = dictionary.codes.get(value);
      if (code === undefined) {
        code = dictionary.values.push(value) - 1;
        if (code > 0xffff) throw new ColumnsUnavailable(`${name} has more than 65,535 distinct values`, 'too_many_values');
        dictionary.codes.set(value, code);
        dictionary.sets[code] = kind === 'set' ? new Set(value === '' ? [] : value.split(ELEMENT_SEPARATOR)) : null;
      }
      out[i] = code;
    }
    return out;
  }

  private dictionary(name: string): Dictionary {
    let dictionary = this.dictionaries.get(name);
    if (!dictionary) {
      // code 0 is null
      dictionary = { codes: new Map(), values: [NULL_TEXT], sets: [null] };
      this.dictionaries.set(name, dictionary);
    }
    return dictionary;
  }
}

function kindOrThrow(name: string): ColumnKind {
  const kind = columnKind(name);
  if (!kind) throw new Error(`${name} is not a column the engine holds`);
  return kind;
}

/** A front column with rows built before the fronts. */
function isIncompleteFront(column: ColumnArray | undefined): boolean {
  return column instanceof FrontValues && !column.complete;
}

/**
 * A gmina's parcel keys by the estimate: one run (ParcelKeys), as a build keys its parcels in one
 * statement; more runs after refreshes are counted when held (the budget caps what is held).
 */
const KEY_RUN_BYTES = 8;
/** Bytes a row per column kind, for the budget's estimate (a front: a 16-bit offset and about three steps of 3 bytes, with room). */
const BYTES_PER_ROW: Record<Exclude<ColumnKind, 'sparse'>, number> = { number: 8, bool: 1, code: 2, set: 2, front: 13 };
/** A sparse column's bitmap and ranks: 4 bytes each per 32 rows; its values add 8 bytes a filled row. */
const SPARSE_INDEX_BYTES_PER_ROW = 0.25;
/**
 * Added to a sparse column's fill from pg_stats: ANALYZE samples 30,000 rows (statistics target 100),
 * so its null fraction is within 0.01 of the table's (three standard errors at worst).
 */
const FILL_MARGIN = 0.01;

function emptyColumn(kind: ColumnKind): ColumnArray {
  if (kind === 'front') return FrontValues.empty();
  if (kind === 'sparse') return SparseNumbers.empty();
  return kind === 'number' ? new Float64Array(0) : kind === 'bool' ? new Uint8Array(0) : new Uint16Array(0);
}
