import { Injectable } from '@nestjs/common';
import type { BlockSourceView, CoverageStatus } from '@lp/contracts';
import { gminasNear, gminasWithParcels } from '@lp/db';
import { DataSource, type EntityManager } from 'typeorm';
import { CONSTRAINT_KINDS } from './constraints/constraints.rules.js';
import { constraintsOfGminaSql } from './constraints/constraints-gmina.sql.js';
import { constraintsSql } from './constraints/constraints.sql.js';
import type { FactBlock } from './fact-blocks.js';
import { GminaCoverage } from './layer-coverage.js';
import { selectionParam, type ParcelSelection } from './parcel-selection.js';
import { SHARED_REF, SharedParts, storedBlocksSql } from './stored-blocks.js';
import { proximitySql } from './proximity/proximity.sql.js';
import { regulationsOfGminaSql } from './regulations/regulations-gmina.sql.js';
import { regulationsSql } from './regulations/regulations.sql.js';
import { terrainSql } from './terrain/terrain.sql.js';

export interface RawFactRow<T = unknown> {
  parcel_id: string;
  teryt: string;
  raw: T;
}

export interface FactBuild {
  teryt: string;
  block: FactBlock;
  versions: Record<string, number>;
}

/** Parameters of the fact queries that callers may change; the read model stores the defaults. */
export interface FactQueryOptions {
  bufferM: number;
}

const SAVE_CHUNK = 2000;

/** All SQL of the parcel facts: raw facts from layer_pub, coverage, versions and the read model. */
@Injectable()
export class FactsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Raw facts of one block of the selected parcels. A whole gmina takes the set-based form of a
   * query where there is one (the read-model build); it gives the same rows as the per-parcel form.
   */
  rawFacts<T>(block: FactBlock, selection: ParcelSelection, options: FactQueryOptions, manager: EntityManager = this.db.manager): Promise<Array<RawFactRow<T>>> {
    const { sql, params } = rawFactsQuery(block, selection, options);
    return manager.query(sql, params);
  }

  /**
   * The raw facts of one block of a gmina's parcels (rawFacts' rows), `pageSize` rows at a time
   * through a cursor of `manager`'s transaction: a build holds one page, not the whole gmina.
   */
  async *rawFactPages<T>(block: FactBlock, gmina: string, options: FactQueryOptions, manager: EntityManager, pageSize: number): AsyncGenerator<Array<RawFactRow<T>>> {
    // FETCH takes no parameter for its count: a positive integer is the only thing written into it.
    if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`page size must be a positive integer, got ${pageSize}`);
    const { sql, params } = rawFactsQuery(block, { gmina }, options);
    // Planned for every row, as the statement alone is: by default a cursor's plan favours the first 10 %.
    await manager.query(`SET LOCAL cursor_tuple_fraction = 1`);
    await manager.query(`DECLARE raw_facts NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows: Array<RawFactRow<T>> = await manager.query(`FETCH FORWARD ${pageSize} FROM raw_facts`);
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) break;
    }
    await manager.query(`CLOSE raw_facts`);
  }

  /** Coverage of the given layers in each of the gminas. */
  async coverage(teryts: string[], layers: readonly string[], manager: EntityManager = this.db.manager): Promise<Map<string, GminaCoverage>> {
    const rows: Array<{ teryt: string; layer_id: string; status: CoverageStatus }> = await manager.query(
      `SELECT teryt, layer_id, status FROM layer_pub.region_coverage
       WHERE level = 'gmina' AND teryt = ANY($1::text[]) AND layer_id = ANY($2::text[])`,
      [teryts, layers],
    );
    const byGmina = new Map<string, Map<string, CoverageStatus>>(teryts.map((t) => [t, new Map()]));
    for (const row of rows) byGmina.get(row.teryt)?.set(row.layer_id, row.status);
    return new Map([...byGmina].map(([teryt, statuses]) => [teryt, new GminaCoverage(statuses)]));
  }

  /** The served version of every layer. */
  async layerSources(manager: EntityManager = this.db.manager): Promise<Map<string, BlockSourceView>> {
    const rows: Array<{ layer: string; version: number; source_run_id: string; refreshed_at: string }> = await manager.query(
      `SELECT layer_id AS layer, version, run_id AS source_run_id,
              to_char(refreshed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS refreshed_at
       FROM layer_pub.layer_versions WHERE version > 0 ORDER BY layer_id`,
    );
    return new Map(rows.map((row) => [row.layer, row]));
  }

  /** Runs `work` in one repeatable-read snapshot, so facts and the versions recorded for them agree. */
  inSnapshot<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction('REPEATABLE READ', work);
  }

  /** Stored blocks of the given parcels, as composed; a block not stored yet is absent. */
  async storedBlocks(parcelIds: string[], blocks: readonly FactBlock[]): Promise<Map<string, Partial<Record<FactBlock, unknown>>>> {
    if (blocks.length === 0) return new Map();
    const rows: Array<Record<string, unknown> & { parcel_id: string }> = await this.db.query(storedBlocksSql(blocks), [parcelIds]);
    return new Map(
      rows.map((row) => [row.parcel_id, Object.fromEntries(blocks.filter((b) => row[b] !== null).map((b) => [b, row[b]]))]),
    );
  }

  /**
   * Replaces one block of every parcel of a gmina in one transaction of its own, all bodies at once
   * (the plain build of bench:facts; FactsBuilder writes page by page through a BlockWriter).
   */
  async saveBlock(teryt: string, block: FactBlock, bodies: Array<{ parcel_id: string; body: unknown }>, versions: Record<string, number>, durationMs: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      const writer = await BlockWriter.open(manager, teryt, block);
      await writer.write(bodies);
      await writer.finish(versions, durationMs);
    });
  }

  async builds(): Promise<FactBuild[]> {
    return this.db.query(`SELECT teryt, block, versions FROM parcel.fact_builds ORDER BY teryt, block`);
  }

  /**
   * Forgets gminas that no longer have parcels: their facts rows (parcels that moved to a gmina
   * built since carry that gmina's code and stay), their shared parts and their builds.
   */
  async dropGminas(teryts: readonly string[]): Promise<void> {
    if (teryts.length === 0) return;
    await this.db.transaction(async (manager) => {
      await manager.query(`DELETE FROM parcel.facts WHERE teryt = ANY($1::text[])`, [teryts]);
      await manager.query(`DELETE FROM parcel.fact_shared WHERE teryt = ANY($1::text[])`, [teryts]);
      await manager.query(`DELETE FROM parcel.fact_builds WHERE teryt = ANY($1::text[])`, [teryts]);
    });
  }

  /** Records that a build already reflects a layer version (the refresh did not touch its gmina). */
  async markCurrent(teryts: string[], block: FactBlock, layer: string, version: number): Promise<void> {
    await this.db.query(
      `UPDATE parcel.fact_builds SET versions = versions || jsonb_build_object($3::text, $4::int)
       WHERE teryt = ANY($1::text[]) AND block = $2 AND COALESCE((versions->>$3)::int, 0) < $4`,
      [teryts, block, layer, version],
    );
  }

  /** Gminas that have parcels (and so facts to derive). */
  gminasWithParcels(): Promise<string[]> {
    return gminasWithParcels(this.db);
  }

  /** Gminas within `distanceM` of any of the given ones (the given ones included). */
  gminasNear(teryts: string[], distanceM: number): Promise<string[]> {
    return gminasNear(this.db, teryts, distanceM);
  }
}

function rawFactsQuery(block: FactBlock, selection: ParcelSelection, options: FactQueryOptions): { sql: string; params: unknown[] } {
  const target = selectionParam(selection);
  switch (block) {
    case 'regulations':
      return { sql: 'gmina' in selection ? regulationsOfGminaSql() : regulationsSql(selection), params: [target] };
    case 'constraints':
      return { sql: 'gmina' in selection ? constraintsOfGminaSql() : constraintsSql(selection), params: [target, options.bufferM, CONSTRAINT_KINDS] };
    case 'terrain':
      return { sql: terrainSql(selection), params: [target] };
    case 'proximity':
      return { sql: proximitySql(selection), params: [target] };
  }
}

/**
 * The writes that replace one block of every parcel of a gmina, inside the caller's transaction:
 * open drops the parcels that left the gmina and the block's shared parts, each page of composed
 * bodies is stored as it comes (its shared parts not met before first, `stored-blocks.ts`), and
 * finish records the build. Nothing is visible to readers before the transaction commits.
 */
export class BlockWriter {
  private readonly parts = new SharedParts();
  /** The id of each shared part stored, by its number. */
  private readonly partIds: number[] = [];
  private parcels = 0;

  private constructor(
    private readonly manager: EntityManager,
    private readonly teryt: string,
    private readonly block: FactBlock,
  ) {}

  static async open(manager: EntityManager, teryt: string, block: FactBlock): Promise<BlockWriter> {
    await manager.query(
      `DELETE FROM parcel.facts f WHERE f.teryt = $1
         AND NOT EXISTS (SELECT 1 FROM layer_pub.parcels p WHERE p.id = f.parcel_id AND p.teryt = $1)`,
      [teryt],
    );
    await manager.query(`DELETE FROM parcel.fact_shared WHERE teryt = $1 AND block = $2`, [teryt, block]);
    return new BlockWriter(manager, teryt, block);
  }

  /** Stores one page of composed bodies. */
  async write(bodies: ReadonlyArray<{ parcel_id: string; body: unknown }>): Promise<void> {
    const split = this.parts.split(bodies);
    if (split.first !== this.partIds.length) throw new Error(`shared parts out of step: part ${split.first} is next, ${this.partIds.length} stored`);
    if (split.parts.length > 0) {
      // Ids first, so each part is inserted under the id its parcels' blocks already name.
      const rows: Array<{ id: string }> = await this.manager.query(
        `SELECT nextval(pg_get_serial_sequence('parcel.fact_shared', 'id'))::text AS id FROM generate_series(1, $1)`,
        [split.parts.length],
      );
      if (rows.length !== split.parts.length) throw new Error(`asked for ${split.parts.length} ids of shared fact parts, got ${rows.length}`);
      const ids = rows.map((row) => Number(row.id));
      await this.manager.query(
        `INSERT INTO parcel.fact_shared (id, teryt, block, part)
         SELECT x.id, $1, $2, x.part FROM jsonb_to_recordset($3::jsonb) AS x(id bigint, part jsonb)`,
        [this.teryt, this.block, JSON.stringify(split.parts.map((part, i) => ({ id: ids[i], part })))],
      );
      this.partIds.push(...ids);
    }
    for (let start = 0; start < split.bodies.length; start += SAVE_CHUNK) {
      // the bodies are the split's own copies: each names its part in place
      const chunk = split.bodies.slice(start, start + SAVE_CHUNK).map(({ parcel_id, body, part }) => ({
        parcel_id,
        body: Object.assign(body, { [SHARED_REF]: this.partIds[part] }),
      }));
      await this.manager.query(
        `INSERT INTO parcel.facts (parcel_id, teryt, "${this.block}")
         SELECT x.parcel_id, $1, x.body FROM jsonb_to_recordset($2::jsonb) AS x(parcel_id text, body jsonb)
         ON CONFLICT (parcel_id) DO UPDATE SET teryt = EXCLUDED.teryt, "${this.block}" = EXCLUDED."${this.block}"`,
        [this.teryt, JSON.stringify(chunk)],
      );
    }
    this.parcels += bodies.length;
  }

  /** Records the build (the layer versions it was derived from); returns how many parcels it stored. */
  async finish(versions: Record<string, number>, durationMs: number): Promise<number> {
    await this.manager.query(
      `INSERT INTO parcel.fact_builds (teryt, block, versions, parcels, duration_ms, built_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, now())
       ON CONFLICT (teryt, block) DO UPDATE SET versions = EXCLUDED.versions, parcels = EXCLUDED.parcels,
         duration_ms = EXCLUDED.duration_ms, built_at = EXCLUDED.built_at`,
      [this.teryt, this.block, JSON.stringify(versions), this.parcels, durationMs],
    );
    return this.parcels;
  }
}
