import { Injectable } from '@nestjs/common';
import { LagTolerantReads, pgCode, replicaCouldNotAnswer } from '@lp/db';
import type { QueryRunner } from 'typeorm';

/** The version of a layer being served, read from `layer.layer_state`. */
export interface ServedVersion {
  layerId: string;
  /** 0 before the first refresh. */
  version: number;
  /** Physical table of the version, `f_<layer>__<run>`; null when nothing is served yet. */
  table: string | null;
  refreshedAt: Date | null;
  /** Features in the served version (0 before the first refresh). */
  featureCount: number;
}

export const UNDEFINED_TABLE = '42P01';

/** A row of `layer.layer_state` as the statements reading it select it. */
export interface ServedStateRow {
  version: number;
  table_name: string | null;
  refreshed_at: Date | null;
  feature_count: string | number;
}

const STATE_SQL = `SELECT version, table_name, refreshed_at, feature_count FROM layer.layer_state WHERE layer_id = $1`;

/**
 * Reads a layer's served version and then its data in one REPEATABLE READ, read-only transaction,
 * from the physical table recorded in `layer.layer_state`. Reading the table (not the published
 * view) is what makes it consistent: a view's definition is looked up in the catalog when a query
 * runs, not taken from the transaction's snapshot, so a swap between two statements would move a
 * view to the next version while the state still says the previous one.
 */
@Injectable()
export class ServedVersionRepository {
  /**
   * Everything read here (feature pages, tiles, basemap) tolerates a read replica's lag: a replica
   * replays a swap in one transaction, so its state and tables agree with each other; and
   * LagTolerantReads keeps these reads on the primary while the replica is behind a switch heard of.
   */
  constructor(private readonly reads: LagTolerantReads) {}

  async read<T>(layerId: string, work: (q: QueryRunner, served: ServedVersion) => Promise<T>): Promise<T> {
    let source = await this.reads.source();
    for (let attempt = 1; ; attempt++) {
      const q = source.createQueryRunner();
      await q.connect();
      try {
        await q.startTransaction('REPEATABLE READ');
        await q.query('SET TRANSACTION READ ONLY');
        const rows: ServedStateRow[] = await q.query(STATE_SQL, [layerId]);
        const result = await work(q, servedVersionOf(layerId, rows[0]));
        await q.commitTransaction();
        return result;
      } catch (error) {
        if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
        // Two refreshes between our state read and our page read retire the version we were about to read;
        // the next attempt sees the new state (and a cursor of the old version turns stale, as it should).
        if (attempt === 1 && pgCode(error) === UNDEFINED_TABLE) continue;
        // The replica's replay cancelled the read (a swap dropped the table it read) or the replica went away.
        if (attempt === 1 && source !== this.reads.primary && replicaCouldNotAnswer(error)) {
          source = this.reads.primary;
          continue;
        }
        throw error;
      } finally {
        await q.release();
      }
    }
  }

  /**
   * The served version now, in one statement outside any transaction: for readers that take care
   * of consistency themselves (a vector tile checks the state again in its own statement).
   */
  async current(layerId: string): Promise<ServedVersion> {
    const rows: ServedStateRow[] = await this.reads.query(STATE_SQL, [layerId]);
    return servedVersionOf(layerId, rows[0]);
  }
}

/** The served version a state row describes (nothing served yet when there is no row). */
export function servedVersionOf(layerId: string, row: ServedStateRow | undefined): ServedVersion {
  return {
    layerId,
    version: row?.version ?? 0,
    table: checkedTable(layerId, row?.table_name ?? null),
    refreshedAt: row?.refreshed_at ?? null,
    featureCount: Number(row?.feature_count ?? 0),
  };
}

/** Same version, table and refresh time: the same tiles and entity tags. */
export function sameServedVersion(a: ServedVersion, b: ServedVersion): boolean {
  return a.layerId === b.layerId && a.version === b.version && a.table === b.table && a.refreshedAt?.getTime() === b.refreshedAt?.getTime();
}

/** Table names come from our own state table; checked anyway before they go into SQL. */
function checkedTable(layerId: string, table: string | null): string | null {
  if (table === null) return null;
  if (!/^f_[a-z][a-z0-9_]{0,50}__\d+$/.test(table) || !table.startsWith(`f_${layerId}__`)) throw new Error(`unexpected table ${table} for layer ${layerId}`);
  return table;
}

