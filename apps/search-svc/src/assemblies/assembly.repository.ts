import { Injectable } from '@nestjs/common';
import type { GeometryView } from '@lp/contracts';
import { DataSource, type QueryRunner } from 'typeorm';
import type { MatchedSelect } from '../engine/search-query.js';
import type { SqlParams } from '@lp/db';
import { BUILDS_DIGEST_SQL } from '../engine/columns/column.repository.js';
import { candidateGraph, pickComponents, type CandidateGraph } from './candidate-components.js';
import type { AssemblyLimits } from './site-assembler.js';

/** The candidates picked with their rows, how many parcels passed the per-parcel filters, and whether the cap cut them. */
export interface PickedRows {
  rows: CandidateRow[];
  candidates: number;
  truncated: boolean;
}

/** A candidate member as the assembly query returns it. */
export interface CandidateRow {
  parcel_id: string;
  teryt: string;
  gmina_name: string | null;
  area_sqm: number;
  slope_pct: number | null;
  /** Parcels within the gap (any: the caller keeps the candidates). */
  neighbours: string[];
  [column: string]: unknown;
}

export interface SiteOutline {
  geometry: GeometryView;
  compactness: number;
}

/**
 * Candidates from the largest clusters first: a national search can match far more parcels than one
 * answer may assemble, so at most this many are read, and the answer says when it stopped there.
 */
export const ASSEMBLY_CANDIDATES_MAX = 20_000;

/** Memory for the hash joins of a national scope's candidates and pairs (a setting of the one transaction, not the server's). */
const ASSEMBLY_WORK_MEM = '64MB';

/**
 * The candidate graph as it travels: the candidates' parcel keys as big-endian int4, their areas as
 * big-endian float8 (in the same order) and the pairs of keys from a candidate as int4, in one
 * bytea each, because the driver's parsing of a national scope's arrays cost more than the rest of
 * the read (docs/performance.md); ids are not sent at all (a million of them at 1 M parcels), only asked
 * for where needed.
 */
interface GraphWire {
  count: number;
  keys: Buffer;
  areas: Buffer;
  pairs: Buffer;
}

function decodeGraph(wire: GraphWire): CandidateGraph {
  const view = (bytes: Buffer): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [keyBytes, areaBytes, pairBytes] = [view(wire.keys), view(wire.areas), view(wire.pairs)];
  if (wire.keys.byteLength !== wire.count * 4) throw new Error(`candidate keys: ${wire.count} sent, ${wire.keys.byteLength / 4} read`);
  const keys = new Int32Array(wire.count);
  const areas = new Float64Array(wire.count);
  for (let k = 0; k < wire.count; k++) {
    keys[k] = keyBytes.getInt32(k * 4);
    areas[k] = areaBytes.getFloat64(k * 8);
  }
  // the statement joins the candidates to one end of a pair only: candidateGraph checks the other
  const pairs = new Int32Array(wire.pairs.byteLength / 4);
  for (let j = 0; j < pairs.length; j++) pairs[j] = pairBytes.getInt32(j * 4);
  return candidateGraph(keys, areas, [pairs]);
}

/** The SQL of site assembly: candidate members in clusters large enough, and the outlines of the sites chosen. */
@Injectable()
export class AssemblyRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The parcels passing every per-parcel filter that lie in a cluster (members at most `gapM`
   * apart, ST_ClusterDBSCAN) whose `maxParcels` largest members make at least `minTotalArea`,
   * largest clusters first, each with its neighbours within the gap among those candidates.
   *
   * Chosen by EXPLAIN ANALYZE: the candidates come with their outlines (`withGeometry`:
   * joined by gmina, so one gmina reads its own outlines through the teryt index, not every outline
   * of the country by a hash join, and a national scope gets the hash join the planner prefers
   * there). Neighbours are one probe of the outlines' spatial index per candidate picked, none for a
   * cluster of one; a join of the candidates among themselves (tried) pairs every member of a
   * cluster with every other, quadratic in a city's contiguous blocks.
   */
  async candidates(matched: MatchedSelect, params: SqlParams, gapM: number, limits: AssemblyLimits): Promise<PickedRows> {
    const matchedValues = [...params.values];
    const gap = params.add(gapM, 'float8');
    const min = params.add(limits.minTotalArea, 'float8');
    const most = params.add(limits.maxParcels, 'int');
    const cap = params.add(ASSEMBLY_CANDIDATES_MAX + 1, 'int');
    // a cluster whose max_parcels largest members fall short makes no site (canMakeSite)
    const rows: Array<CandidateRow & { candidates: string }> = await this.db.query(
      `WITH m AS MATERIALIZED (${matched.sql}),
            c AS MATERIALIZED (SELECT m.*, ST_ClusterDBSCAN(m.geom, eps := ${gap}, minpoints := 1) OVER () AS cluster FROM m),
            r AS (SELECT cluster, area_sqm, row_number() OVER (PARTITION BY cluster ORDER BY area_sqm DESC) AS rank FROM c),
            k AS (SELECT cluster, sum(area_sqm) AS cluster_total, count(*) AS members FROM r GROUP BY cluster
                  HAVING sum(area_sqm) >= ${min} AND (count(*) <= ${most} OR sum(area_sqm) FILTER (WHERE rank <= ${most}) >= ${min})),
            picked AS (
              SELECT c.*, k.members, (SELECT count(*) FROM m) AS candidates FROM c JOIN k ON k.cluster = c.cluster
              ORDER BY k.cluster_total DESC, c.cluster, c.area_sqm DESC, c.parcel_id COLLATE "C" LIMIT ${cap})
       SELECT picked.*, CASE WHEN picked.members = 1 THEN '{}'::text[] ELSE ARRAY(
                SELECT b.parcel_id FROM search.parcel_geometry b
                WHERE ST_DWithin(b.geom, picked.geom, ${gap}) AND b.parcel_id <> picked.parcel_id) END AS neighbours
       FROM picked`,
      params.values,
    );
    for (const row of rows) {
      delete (row as { geom?: unknown }).geom;
      delete (row as { members?: unknown }).members;
    }
    const candidates = rows.length > 0 ? Number(rows[0]!.candidates) : await this.count(matched, matchedValues);
    return { rows: rows.slice(0, ASSEMBLY_CANDIDATES_MAX), candidates, truncated: rows.length > ASSEMBLY_CANDIDATES_MAX };
  }

  /** Whether every one of these gminas has its neighbour pairs built (search.parcel_adjacency). */
  async adjacencyBuilt(teryts: readonly string[]): Promise<boolean> {
    const [row] = await this.db.query(`SELECT count(*)::int AS missing FROM search.index_builds WHERE teryt = ANY($1::text[]) AND NOT adjacency`, [teryts]);
    return Number(row?.missing ?? 0) === 0;
  }

  /**
   * What `candidates` answers, from the neighbour pairs of the index build instead of clustering
   * outlines: the candidates' parcel keys and areas and the pairs among them at most `gapM` apart,
   * in one statement; their components found in TypeScript (candidate-components.ts), with the ids
   * of candidates only where ties are broken by id; then the full rows of the candidates picked.
   * The statements read one snapshot, so a rebuild between them cannot change the candidates.
   * `matched` is selected with keys and without outlines: nothing here measures one. At most `cap`
   * candidates are picked.
   */
  async candidatesByAdjacency(
    matched: MatchedSelect,
    params: SqlParams,
    allowed: readonly string[],
    gapM: number,
    limits: AssemblyLimits,
    cap = ASSEMBLY_CANDIDATES_MAX,
  ): Promise<PickedRows> {
    const matchedValues = [...params.values];
    const gminas = params.add(allowed, 'text[]');
    const gap = params.add(gapM, 'float8');
    // The candidates' row estimate is far too low (the outlines' join by id and gmina), which made the
    // planner probe the pairs per candidate and scan the candidates per pair, quadratic (seconds for
    // one gmina: docs/performance.md). A hash join is right for every size here: the scope's pairs within
    // the gap come from one index range per gmina, and the candidates are hashed once. A national
    // scope hashes a million int4 keys: in the default work_mem they spilt to disk.
    // Only a pair's first end is joined; whether the other is a candidate is one array lookup in
    // decodeGraph, cheaper than a second hash join of the candidates.
    return this.inSnapshot(`SET LOCAL enable_nestloop = off; SET LOCAL work_mem = '${ASSEMBLY_WORK_MEM}'`, async (runner) => {
      const [wire]: [GraphWire] = await runner.query(
        `WITH n AS MATERIALIZED (SELECT m.parcel_key, m.area_sqm FROM (${matched.sql}) m),
              e AS (
                SELECT x.parcel_key AS a, x.neighbour_key AS b FROM search.parcel_adjacency x
                JOIN n ON n.parcel_key = x.parcel_key
                WHERE x.teryt = ANY(${gminas}) AND x.gap_m <= ${gap})
         SELECT c.count, COALESCE(c.keys, '') AS keys, COALESCE(c.areas, '') AS areas, COALESCE(p.pairs, '') AS pairs
         FROM (SELECT count(*)::int AS count, string_agg(int4send(parcel_key), '') AS keys, string_agg(float8send(area_sqm::float8), '') AS areas FROM n) c,
              (SELECT string_agg(int4send(a) || int4send(b), '') AS pairs FROM e) p`,
        params.values,
      );
      // the picked rows are fetched by key: nested loops again, as the planner likes them there
      await runner.query(`SET LOCAL enable_nestloop TO DEFAULT`);
      return this.pick(runner, decodeGraph(wire), matched, matchedValues, limits, cap);
    });
  }

  /**
   * What `candidatesByAdjacency` answers, from the candidate graph the in-memory engine found
   * (assembly-in-memory.ts) over the builds of fingerprint `digest`; undefined when a build
   * committed since (the caller then assembles in PostgreSQL).
   */
  async candidatesFromGraph(
    graph: CandidateGraph,
    digest: string,
    matched: MatchedSelect,
    params: SqlParams,
    limits: AssemblyLimits,
    cap = ASSEMBLY_CANDIDATES_MAX,
  ): Promise<PickedRows | undefined> {
    return this.inSnapshot('', async (runner) => {
      const [row]: Array<{ digest: string }> = await runner.query(`SELECT (${BUILDS_DIGEST_SQL}) AS digest`);
      if (row?.digest !== digest) return undefined;
      return this.pick(runner, graph, matched, [...params.values], limits, cap);
    });
  }

  /**
   * One read-only snapshot for every statement of `work`, so a rebuild between them cannot change
   * the candidates; `settings` (SET LOCAL) are sent in the same round trip as the transaction's
   * start (each round trip costs a scheduling delay on a loaded machine) and end with it.
   */
  private async inSnapshot<T>(settings: string, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    let open = false;
    try {
      await runner.query(`START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY${settings ? `; ${settings}` : ''}`);
      open = true;
      const result = await work(runner);
      await runner.query(`COMMIT`);
      open = false;
      return result;
    } finally {
      // a failed statement leaves the transaction open: the pooled connection must not keep it
      if (open) await runner.query(`ROLLBACK`).catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * The graph's components large enough, picked (candidate-components.ts) with the ids of
   * candidates only where ties are broken by id, then the full rows of the candidates picked.
   */
  private async pick(runner: QueryRunner, graph: CandidateGraph, matched: MatchedSelect, matchedValues: readonly unknown[], limits: AssemblyLimits, cap: number): Promise<PickedRows> {
    const idsOf = async (candidates: readonly number[]): Promise<Map<number, string>> => {
      const rows: Array<{ parcel_key: number; parcel_id: string }> = await runner.query(
        `SELECT parcel_key, parcel_id FROM search.parcel_keys WHERE parcel_key = ANY($1::int[])`,
        [candidates.map((k) => graph.keys[k]!)],
      );
      const byKey = new Map(rows.map((row) => [row.parcel_key, row.parcel_id]));
      return new Map(candidates.map((k) => [k, byKey.get(graph.keys[k]!)!]));
    };
    const { picked, neighbours, truncated } = await pickComponents(graph, limits, cap, idsOf);
    const found = picked.length === 0 ? [] : await this.pickedRows(runner, matched, matchedValues, picked.map((k) => graph.keys[k]!));
    if (found.length !== picked.length) throw new Error(`assembly candidates: ${picked.length} picked, ${found.length} of them pass the filters in PostgreSQL`);
    const byKey = new Map(found.map((row) => [Number(row['parcel_key']), row]));
    const idOf = (k: number): string => byKey.get(graph.keys[k]!)!.parcel_id;
    const rows = picked.map((k) => ({ ...byKey.get(graph.keys[k]!)!, neighbours: neighbours.get(k)!.map(idOf) }));
    return { rows, candidates: graph.keys.length, truncated };
  }

  /** The picked candidates' full rows, by parcel key. */
  private async pickedRows(runner: QueryRunner, matched: MatchedSelect, matchedValues: readonly unknown[], keys: readonly number[]): Promise<CandidateRow[]> {
    return runner.query(`SELECT m.* FROM (${matched.sql}) m WHERE m.parcel_key = ANY($${matchedValues.length + 1}::int[])`, [...matchedValues, keys]);
  }

  /** Parcels passing the per-parcel filters, when no cluster is large enough to say it on the way. */
  private async count(matched: MatchedSelect, values: unknown[]): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM (${matched.sql}) m`, values);
    return Number(row?.n ?? 0);
  }

  /**
   * Each site's outline (its parcels joined, gaps up to `gapM` closed by a buffer out and back in)
   * and its Polsby-Popper compactness, 4πA/P², in the order given.
   */
  async outlines(sites: readonly (readonly string[])[], gapM: number): Promise<SiteOutline[]> {
    if (sites.length === 0) return [];
    const rows: Array<{ k: number; geometry: GeometryView; compactness: number | null }> = await this.db.query(
      `WITH s AS (SELECT (e.ordinality - 1)::int AS k, e.value AS members FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY e),
            o AS (
              SELECT s.k, ST_Buffer(ST_Buffer(ST_Union(g.geom), $2::float8 / 2, 'join=mitre'), -$2::float8 / 2, 'join=mitre') AS outline
              FROM s CROSS JOIN LATERAL jsonb_array_elements_text(s.members) AS member(id)
              -- each member's outline through the primary key, not a hash join over every outline
              CROSS JOIN LATERAL (SELECT p.geom FROM search.parcel_geometry p WHERE p.parcel_id = member.id OFFSET 0) g
              GROUP BY s.k)
       SELECT o.k, ST_AsGeoJSON(ST_Transform(o.outline, 4326), 7)::json AS geometry,
              4 * pi() * ST_Area(o.outline) / NULLIF(ST_Perimeter(o.outline) ^ 2, 0) AS compactness
       FROM o ORDER BY o.k`,
      [JSON.stringify(sites), gapM],
    );
    return rows.map((row) => ({ geometry: row.geometry, compactness: Math.round(Number(row.compactness ?? 0) * 1000) / 1000 }));
  }
}
