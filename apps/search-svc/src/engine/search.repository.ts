import { Injectable } from '@nestjs/common';
import type { CoverageStatus, GeometryView, ZoningEvidenceSource } from '@lp/contracts';
import { DataSource } from 'typeorm';
import type { CoverageTable, ScopeGmina } from './criterion-coverage.js';
import { LayerStateCache } from './layer-state-cache.js';
import { IndexBuildsCache } from './index-builds-cache.js';
import { readOnce } from './read-once.js';
import { readBuildsDigest } from './columns/column.repository.js';
import type { SearchScope } from './search-scope.js';
import { INDEX_FORMAT } from '../search-index/index-columns.js';
import type { SearchQuery } from './search-query.js';
import type { EvidenceTable, GminaEvidence } from './zoning-evidence-coverage.js';

/** One gmina's build as a plan reads it. */
interface IndexBuild {
  format: number;
  evidence: GminaEvidence;
}

export type SearchRow = Record<string, unknown> & {
  parcel_id: string;
  teryt: string;
  gmina_name: string | null;
  area_sqm: number;
  slope_pct: number | null;
  zoning_symbol_raw: string | null;
  zoning_category: string | null;
  zoning_source: ZoningEvidenceSource | null;
  matched: string | number;
  score: string | number | null;
  geometry: GeometryView;
};

/** parallel_setup_cost (default 1000) for a search that probes layers: 300 to 500 went parallel for 26,021 probes and stayed serial for a gmina's. */
const PROBE_PARALLEL_SETUP_COST = 400;

/** The SQL of structured search: the searched gminas, their coverage, the index query. */
@Injectable()
export class SearchRepository {
  private readonly cache: LayerStateCache;
  private readonly builds: IndexBuildsCache<Map<string, IndexBuild>>;

  constructor(private readonly db: DataSource) {
    // both stamps read once a search (read-once.ts)
    this.cache = new LayerStateCache(() =>
      readOnce('layer-versions', async () => {
        const [row] = await this.db.query(`SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions`);
        return String(row?.stamp ?? '');
      }),
    );
    this.builds = new IndexBuildsCache(() => readBuildsDigest(this.db), () => this.loadBuilds());
  }

  /** The gminas a scope covers (a box: those it touches); regions are remembered until a layer refresh. */
  scopeGminas(scope: SearchScope): Promise<ScopeGmina[]> {
    if (scope.kind === 'bbox') return this.loadScopeGminas(scope);
    return this.cache.get(`scope:${scope.kind === 'region' ? scope.teryt : ''}`, () => this.loadScopeGminas(scope));
  }

  /**
   * Every gmina within `reachM` of the scope, the scope's own included (a criterion's reach:
   * criterion-coverage.ts), remembered until a layer refresh. All of Poland: every gmina.
   */
  gminasWithin(scope: SearchScope, reachM: number): Promise<ScopeGmina[]> {
    if (scope.kind === 'poland') return this.scopeGminas(scope);
    const key = scope.kind === 'region' ? `within:${scope.teryt}:${reachM}` : undefined;
    return key ? this.cache.get(key, () => this.loadGminasWithin(scope, reachM)) : this.loadGminasWithin(scope, reachM);
  }

  private loadGminasWithin(scope: Exclude<SearchScope, { kind: 'poland' }>, reachM: number): Promise<ScopeGmina[]> {
    const base = `SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina'`;
    if (scope.kind === 'region') {
      return this.db.query(
        `${base} AND EXISTS (SELECT 1 FROM layer_pub.admin_bounds s WHERE s.kind = 'gmina' AND s.id LIKE $1 AND ST_DWithin(s.geom, g.geom, $2)) ORDER BY g.id`,
        [`${scope.teryt}%`, reachM],
      );
    }
    const { minLng, minLat, maxLng, maxLat } = scope.bbox;
    return this.db.query(`${base} AND ST_DWithin(g.geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180), $5) ORDER BY g.id`, [minLng, minLat, maxLng, maxLat, reachM]);
  }

  /** Gmina-level coverage of the layers, remembered until a layer refresh. */
  coverage(layers: readonly string[]): Promise<CoverageTable> {
    return this.cache.get(`coverage:${[...layers].sort().join(',')}`, () => this.loadCoverage(layers));
  }

  private async loadScopeGminas(scope: SearchScope): Promise<ScopeGmina[]> {
    const base = `SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina'`;
    switch (scope.kind) {
      case 'poland':
        return this.db.query(`${base} ORDER BY g.id`);
      case 'region':
        return this.db.query(`${base} AND g.id LIKE $1 ORDER BY g.id`, [`${scope.teryt}%`]);
      case 'bbox': {
        const { minLng, minLat, maxLng, maxLat } = scope.bbox;
        return this.db.query(`${base} AND ST_Intersects(g.geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180)) ORDER BY g.id`, [minLng, minLat, maxLng, maxLat]);
      }
    }
  }

  /** Gmina-level coverage of the layers (all gminas: the scope is applied by the caller). */
  private async loadCoverage(layers: readonly string[]): Promise<CoverageTable> {
    const table = new Map<string, Map<string, CoverageStatus>>(layers.map((l) => [l, new Map()]));
    if (layers.length === 0) return table;
    const rows: Array<{ layer_id: string; teryt: string; status: CoverageStatus }> = await this.db.query(
      `SELECT layer_id, teryt, status FROM layer_pub.region_coverage WHERE level = 'gmina' AND layer_id = ANY($1::text[])`,
      [layers],
    );
    for (const row of rows) table.get(row.layer_id)?.set(row.teryt, row.status);
    return table;
  }

  /** Gminas of the list that have parcels but whose index is not built yet. */
  async unbuiltGminas(teryts: readonly string[]): Promise<string[]> {
    const [withParcels, builds] = await Promise.all([this.gminasWithParcels(), this.builds.get()]);
    return teryts.filter((t) => withParcels.has(t) && !builds.has(t)).sort();
  }

  /**
   * The oldest format of the list's builds (index-columns.ts INDEX_FORMAT): a column added later
   * holds null in the rows of older builds. A gmina not built yet is left out (a search refuses it
   * first); none built: INDEX_FORMAT.
   */
  async oldestFormat(teryts: readonly string[]): Promise<number> {
    const builds = await this.builds.get();
    let oldest = INDEX_FORMAT;
    for (const teryt of teryts) oldest = Math.min(oldest, builds.get(teryt)?.format ?? INDEX_FORMAT);
    return oldest;
  }

  /** Per built gmina of the list: parcels and how many cannot be proven on zoning or land use (index_builds.evidence). */
  async evidence(teryts: readonly string[]): Promise<EvidenceTable> {
    const builds = await this.builds.get();
    const table = new Map<string, GminaEvidence>();
    for (const teryt of teryts) {
      const build = builds.get(teryt);
      if (build) table.set(teryt, build.evidence);
    }
    return table;
  }

  /** Gminas where the parcels layer is not missing, remembered until a layer refresh. */
  private gminasWithParcels(): Promise<ReadonlySet<string>> {
    return this.cache.get('gminas-with-parcels', async () => {
      const rows: Array<{ teryt: string }> = await this.db.query(
        `SELECT c.teryt FROM layer_pub.region_coverage c WHERE c.layer_id = 'parcels' AND c.level = 'gmina' AND c.status <> 'missing'`,
      );
      return new Set(rows.map((row) => row.teryt));
    });
  }

  /** Every gmina's build as plans read it (IndexBuildsCache keeps it until the builds digest changes). */
  private async loadBuilds(): Promise<Map<string, IndexBuild>> {
    const rows: Array<{ teryt: string; format: number; parcels: number; evidence: Partial<GminaEvidence> }> = await this.db.query(
      `SELECT b.teryt, b.format, b.parcels, b.evidence FROM search.index_builds b`,
    );
    return new Map(
      rows.map((row) => [
        row.teryt,
        {
          format: row.format,
          evidence: {
            parcels: row.parcels,
            zoning_unknown_local: Number(row.evidence.zoning_unknown_local ?? 0),
            zoning_unknown_general: Number(row.evidence.zoning_unknown_general ?? 0),
            plan_boundaries_missing: row.evidence.plan_boundaries_missing === true,
            land_use_unknown: Number(row.evidence.land_use_unknown ?? 0),
            // a build made before ownership was counted proves no parcel's group: all unknown, not all known
            ownership_unknown: Number(row.evidence.ownership_unknown ?? row.parcels),
            missing_plans: row.evidence.missing_plans ?? [],
          },
        },
      ]),
    );
  }

  run(query: SearchQuery): Promise<SearchRow[]> {
    return this.planned(query, query.sql);
  }

  /** Plain-SQL plan of a search, for the benchmark's EXPLAIN summaries (planned as run plans it). */
  explain(query: SearchQuery): Promise<Array<{ 'QUERY PLAN': string }>> {
    return this.planned(query, `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${query.sql}`);
  }

  /**
   * PostGIS's probes are costed far below what they take, so PostgreSQL keeps a match that probes
   * tens of thousands of parcels in one process (below its 8 MB scan size, under its setup cost).
   * Priced nearer their cost, the probes split over the workers where there are tens of thousands;
   * a gmina's few hundred stay serial (docs/performance.md).
   */
  private planned<T>(query: SearchQuery, sql: string): Promise<T[]> {
    if (!query.probesLayers) return this.db.query(sql, query.values);
    return this.db.transaction(async (manager) => {
      // both as SET LOCAL would set them, in one round trip
      await manager.query(`SELECT set_config('min_parallel_table_scan_size', '0', true), set_config('parallel_setup_cost', $1, true)`, [String(PROBE_PARALLEL_SETUP_COST)]);
      return manager.query(sql, query.values);
    });
  }

  /** The ids of the list that are no feature of the layer (named anchors of near/far). */
  async unknownFeatureIds(layer: string, ids: readonly string[]): Promise<string[]> {
    if (!/^[a-z][a-z0-9_]*$/.test(layer)) throw new Error(`unexpected layer id ${layer}`);
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT x.id FROM unnest($1::text[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM layer_pub.${layer} f WHERE f.id = x.id) ORDER BY x.id`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** The gmina of a parcel, or null when no parcel has the id. */
  async parcelGmina(parcelId: string): Promise<string | null> {
    const rows: Array<{ teryt: string }> = await this.db.query(`SELECT p.teryt FROM layer_pub.parcels p WHERE p.id = $1`, [parcelId]);
    return rows[0]?.teryt ?? null;
  }
}
