import { Injectable } from '@nestjs/common';
import { canonicalZoningSymbol } from '@lp/contracts';
import { gminasNear, gminasWithParcels } from '@lp/db';
import { DataSource, type EntityManager } from 'typeorm';
import { indexBuildSql, nearestCandidatesSql } from './index-build.sql.js';
import { INDEX_FORMAT, INDEX_LAYERS } from './index-columns.js';
import { ADJACENCY_BUILD_SQL, ADJACENCY_REACH_M, GMINAS_AROUND_SQL, KEY_GMINAS_SQL, KEY_IDS_SQL } from './parcel-adjacency.sql.js';

/** Layers whose presence in the gmina the build needs, in the order of the build's parameters $2.. */
const BUILD_COVERAGE_LAYERS = ['buildings', 'mpzp_plans', 'plan_ogolny_zones', 'land_cover'] as const;
/** The nearest-feature columns with a feature within reach of a gmina: the build's last parameter. */
const NEAREST_CANDIDATES_SQL = nearestCandidatesSql();

/**
 * How many of the gmina's parcels cannot be proven on zoning, land use or ownership, and the local plans
 * whose zones are missing (coverage notes name them): read by search coverage (GminaEvidence).
 */
const EVIDENCE_SQL = `
  SELECT jsonb_build_object(
           'zoning_unknown_local', count(*) FILTER (WHERE local_plan IN ('zones_missing', 'boundaries_missing')),
           'zoning_unknown_general', count(*) FILTER (WHERE zoning_source = 'unknown' AND local_plan = 'none'),
           'plan_boundaries_missing', bool_or(local_plan = 'boundaries_missing'),
           'land_use_unknown', count(*) FILTER (WHERE land_use_kinds IS NULL),
           'ownership_unknown', (SELECT count(*) FROM layer_pub.parcels p WHERE p.teryt = $1 AND p.registration_group IS NULL),
           'missing_plans', COALESCE(to_jsonb(array_agg(DISTINCT zoning_missing_plan ORDER BY zoning_missing_plan)
                                       FILTER (WHERE zoning_missing_plan IS NOT NULL)), '[]'::jsonb))
  FROM search.parcel_index WHERE teryt = $1`;

export interface IndexBuild {
  teryt: string;
  versions: Record<string, number>;
  /** Whether the build wrote the gmina's neighbour pairs by parcel key (builds made before the pairs, or before the keys, did not). */
  adjacency: boolean;
  /** What the build wrote (index-columns.ts INDEX_FORMAT); an older format is stale. */
  format: number;
}

/** Parcels a build found without a key: published after their gminas were keyed, or lying beyond the gminas near the one built. */
class UnkeyedParcels extends Error {
  constructor(readonly ids: string[]) {
    super(`${ids.length} parcels have no key (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', ...' : ''})`);
  }
}

/** The search index's SQL: derive one gmina's rows from layer_pub, record builds, find what is stale. */
@Injectable()
export class SearchIndexRepository {
  private readonly buildSql = indexBuildSql();

  constructor(private readonly db: DataSource) {}

  /**
   * Replaces one gmina's rows in one snapshot and one transaction; returns how many parcels it holds.
   * Its parcels are keyed first (keyAround, before a batch, keys the neighbours across its border);
   * a parcel the build still finds without a key is keyed then and the gmina built again.
   */
  async buildGmina(teryt: string, durationStarted = performance.now()): Promise<number> {
    await this.keyGminas([teryt]);
    try {
      return await this.buildGminaOnce(teryt, durationStarted);
    } catch (error) {
      if (!(error instanceof UnkeyedParcels)) throw error;
      await this.db.query(KEY_IDS_SQL, [error.ids]);
      return this.buildGminaOnce(teryt, durationStarted);
    }
  }

  /** Gives the parcels of these gminas that have none their key (outside any build's transaction). */
  async keyGminas(teryts: readonly string[]): Promise<void> {
    await this.db.query(KEY_GMINAS_SQL, [teryts]);
  }

  /**
   * Keys the parcels of these gminas and of the gminas around them, which their pairs may reach:
   * before a batch of builds, so that no build finds a neighbour across its border without a key.
   */
  async keyAround(teryts: readonly string[]): Promise<void> {
    const around: Array<{ teryt: string }> = await this.db.query(GMINAS_AROUND_SQL, [teryts, ADJACENCY_REACH_M]);
    await this.keyGminas(around.map((row) => row.teryt));
  }

  private buildGminaOnce(teryt: string, durationStarted: number): Promise<number> {
    return this.db.transaction('REPEATABLE READ', async (manager) => {
      const versions = await this.layerVersions(manager);
      const [coverage] = await manager.query(
        `SELECT ${BUILD_COVERAGE_LAYERS.map((layer) => `EXISTS (SELECT 1 FROM layer_pub.region_coverage
                        WHERE layer_id = '${layer}' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS ${layer}`).join(', ')}`,
        [teryt],
      );
      // parcels that moved here from another gmina leave that gmina's rows too, and that gmina's
      // build stamp changes with them (what the in-memory columns check, engine/columns). The rows go
      // by primary key: `teryt = $1 OR parcel_id IN (...)` scanned the whole table once per gmina,
      // the largest part of a small gmina's build.
      const gone = `ARRAY(SELECT x.parcel_id FROM search.parcel_index x WHERE x.teryt = $1
                          UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1)`;
      await manager.query(
        `WITH gone AS (DELETE FROM search.parcel_index WHERE parcel_id = ANY(${gone}) RETURNING teryt)
         UPDATE search.index_builds SET built_at = now() WHERE teryt IN (SELECT teryt FROM gone WHERE teryt <> $1)`,
        [teryt],
      );
      await manager.query(
        `DELETE FROM search.parcel_geometry WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_geometry x WHERE x.teryt = $1
                                                                      UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1))`,
        [teryt],
      );
      const [{ columns }] = await manager.query(NEAREST_CANDIDATES_SQL, [teryt]);
      await manager.query(this.buildSql, [teryt, ...BUILD_COVERAGE_LAYERS.map((layer) => coverage[layer] === true), columns]);
      await manager.query(`INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1`, [teryt]);
      // a parcel that moved here keeps its rows under its old gmina too until that one is rebuilt
      // (a parcel refresh reaches the gminas within 50 m, so in the same batch)
      await manager.query(`DELETE FROM search.parcel_adjacency WHERE teryt = $1`, [teryt]);
      const [{ unkeyed }]: [{ unkeyed: string[] }] = await manager.query(ADJACENCY_BUILD_SQL, [teryt]);
      const [{ ids }]: [{ ids: string[] }] = await manager.query(
        `SELECT COALESCE(array_agg(parcel_id), '{}') AS ids FROM search.parcel_index WHERE teryt = $1 AND parcel_key IS NULL`,
        [teryt],
      );
      // rolled back: every row and pair of a build carries keys
      if (unkeyed.length + ids.length > 0) throw new UnkeyedParcels([...new Set([...ids, ...unkeyed])]);
      await this.canonicaliseSymbols(manager, teryt);
      const [{ parcels }] = await manager.query(`SELECT count(*)::int AS parcels FROM search.parcel_index WHERE teryt = $1`, [teryt]);
      await manager.query(
        `INSERT INTO search.index_builds (teryt, versions, parcels, duration_ms, built_at, evidence, adjacency, format)
         VALUES ($1, $2::jsonb, $3, $4, now(), (${EVIDENCE_SQL}), true, $5)
         ON CONFLICT (teryt) DO UPDATE SET versions = EXCLUDED.versions, parcels = EXCLUDED.parcels,
           duration_ms = EXCLUDED.duration_ms, built_at = EXCLUDED.built_at, evidence = EXCLUDED.evidence, adjacency = true, format = EXCLUDED.format`,
        [teryt, JSON.stringify(versions), parcels, Math.round(performance.now() - durationStarted), INDEX_FORMAT],
      );
      return parcels as number;
    });
  }

  /** Local-plan symbols are matched in their canonical spelling, which the taxonomy (TypeScript) defines. */
  private async canonicaliseSymbols(manager: EntityManager, teryt: string): Promise<void> {
    const rows: Array<{ raw: string }> = await manager.query(
      `SELECT DISTINCT zoning_symbol_raw AS raw FROM search.parcel_index WHERE teryt = $1 AND zoning_symbol_raw IS NOT NULL`,
      [teryt],
    );
    const canonical = Object.fromEntries(rows.map((row) => [row.raw, canonicalZoningSymbol(row.raw)]).filter(([, c]) => c !== null));
    if (Object.keys(canonical).length === 0) return;
    await manager.query(
      `UPDATE search.parcel_index i SET zoning_symbol = m.value
       FROM jsonb_each_text($2::jsonb) m WHERE i.teryt = $1 AND i.zoning_symbol_raw = m.key`,
      [teryt, JSON.stringify(canonical)],
    );
  }

  /** Fresh planner statistics after a batch of builds (a new table has none, and the plans depend on them). */
  async analyze(): Promise<void> {
    await this.db.query(`ANALYZE search.parcel_index`);
    await this.db.query(`ANALYZE search.parcel_geometry`);
    // VACUUM as well: the pairs are read by index-only scans, which need the visibility map
    await this.db.query(`VACUUM (ANALYZE) search.parcel_adjacency`);
  }

  /** Removes a gmina that no longer has parcels. */
  async dropGmina(teryt: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(`DELETE FROM search.parcel_index WHERE teryt = $1`, [teryt]);
      await manager.query(`DELETE FROM search.parcel_geometry WHERE teryt = $1`, [teryt]);
      await manager.query(`DELETE FROM search.parcel_adjacency WHERE teryt = $1`, [teryt]);
      await manager.query(`DELETE FROM search.index_builds WHERE teryt = $1`, [teryt]);
    });
  }

  /** Served versions of the layers the index is derived from (0: never loaded). */
  async layerVersions(manager: EntityManager = this.db.manager): Promise<Record<string, number>> {
    const rows: Array<{ layer_id: string; version: number }> = await manager.query(
      `SELECT layer_id, version FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[])`,
      [INDEX_LAYERS],
    );
    const versions = Object.fromEntries(INDEX_LAYERS.map((layer) => [layer, 0]));
    for (const row of rows) versions[row.layer_id] = row.version;
    return versions;
  }

  async builds(): Promise<IndexBuild[]> {
    return this.db.query(`SELECT teryt, versions, adjacency, format FROM search.index_builds ORDER BY teryt`);
  }

  gminasWithParcels(): Promise<string[]> {
    return gminasWithParcels(this.db);
  }

  /** Records that builds already reflect a layer version (the refresh could not reach their parcels). */
  async markCurrent(teryts: readonly string[], layer: string, version: number): Promise<void> {
    if (teryts.length === 0) return;
    await this.db.query(
      `UPDATE search.index_builds SET versions = versions || jsonb_build_object($2::text, $3::int)
       WHERE teryt = ANY($1::text[]) AND COALESCE((versions->>$2)::int, 0) < $3`,
      [teryts, layer, version],
    );
  }

  /** Gminas within `distanceM` of any of the given ones, the given ones included. */
  gminasNear(teryts: readonly string[], distanceM: number): Promise<string[]> {
    return gminasNear(this.db, teryts, distanceM);
  }
}
