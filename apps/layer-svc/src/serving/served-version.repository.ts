import { Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';

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

const UNDEFINED_TABLE = '42P01';

/**
 * Reads a layer's served version and then its data in one REPEATABLE READ, read-only transaction,
 * from the physical table recorded in `layer.layer_state`. Reading the table (not the published
 * view) is what makes it consistent: a view's definition is looked up in the catalog when a query
 * runs, not taken from the transaction's snapshot, so a swap between two statements would move a
 * view to the next version while the state still says the previous one.
 */
@Injectable()
export class ServedVersionRepository {
  constructor(private readonly db: DataSource) {}

  async read<T>(layerId: string, work: (q: QueryRunner, served: ServedVersion) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const q = this.db.createQueryRunner();
      await q.connect();
      try {
        await q.startTransaction('REPEATABLE READ');
        await q.query('SET TRANSACTION READ ONLY');
        const rows: Array<{ version: number; table_name: string | null; refreshed_at: Date | null; feature_count: string }> = await q.query(
          `SELECT version, table_name, refreshed_at, feature_count FROM layer.layer_state WHERE layer_id = $1`,
          [layerId],
        );
        const row = rows[0];
        const served: ServedVersion = { layerId, version: row?.version ?? 0, table: checkedTable(layerId, row?.table_name ?? null), refreshedAt: row?.refreshed_at ?? null, featureCount: Number(row?.feature_count ?? 0) };
        const result = await work(q, served);
        await q.commitTransaction();
        return result;
      } catch (error) {
        if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
        // Two refreshes between our state read and our page read retire the version we were about to read;
        // the next attempt sees the new state (and a cursor of the old version turns stale, as it should).
        if (attempt === 1 && pgCode(error) === UNDEFINED_TABLE) continue;
        throw error;
      } finally {
        await q.release();
      }
    }
  }
}

/** Table names come from our own state table; checked anyway before they go into SQL. */
function checkedTable(layerId: string, table: string | null): string | null {
  if (table === null) return null;
  if (!/^f_[a-z][a-z0-9_]{0,50}__\d+$/.test(table) || !table.startsWith(`f_${layerId}__`)) throw new Error(`unexpected table ${table} for layer ${layerId}`);
  return table;
}

function pgCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' ? code : undefined;
}
