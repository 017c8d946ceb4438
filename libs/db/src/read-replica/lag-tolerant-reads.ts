import type { DataSource } from 'typeorm';
import { pgCode } from '../pg-error.js';
import { ReplicaFreshness } from './replica-freshness.js';

/**
 * The connection of the reads that tolerate a replica's lag: parcel lookups, layer features and
 * vector tiles, parcel searches. With a read replica (DATABASE_READ_URL) they go to it while it has
 * replayed every served-version switch this service has heard of, and to the primary otherwise;
 * without one they are the primary's. Writes, refreshes, watches, the outbox and anything that must
 * read its own writes keep using the primary's DataSource and never come here.
 */
export class LagTolerantReads {
  private replicaSource?: DataSource;
  private replicaFreshness?: ReplicaFreshness;
  private pendingReplica?: { stop(): void };

  constructor(readonly primary: DataSource) {}

  get replica(): DataSource | undefined {
    return this.replicaSource;
  }

  get freshness(): ReplicaFreshness | undefined {
    return this.replicaFreshness;
  }

  /**
   * Starts using a replica (one that could not be reached at start-up joins later this way), from
   * `position` on: it serves once it has replayed that far.
   */
  useReplica(replica: DataSource, position?: string): void {
    this.replicaSource = replica;
    this.replicaFreshness = new ReplicaFreshness(() => replayPosition(replica));
    if (position) this.replicaFreshness.heard(position);
  }

  /** A replica still being waited for: its retries end when the service closes. */
  waitForReplica(retries: { stop(): void }): void {
    this.pendingReplica = retries;
  }

  /** Stops waiting for a replica and closes its pool (the primary's is the DataSource's own). */
  async close(): Promise<void> {
    this.pendingReplica?.stop();
    if (this.replicaSource?.isInitialized) await this.replicaSource.destroy();
  }

  /** A served-version switch committed on the primary at this WAL position: reads avoid the replica until it has replayed it. */
  heardSwitch(lsn: string): void {
    this.freshness?.heard(lsn);
  }

  /**
   * Takes the primary's WAL position now as a switch heard of: covers the switches that may have
   * happened while no event could be heard (before start, while NATS was away).
   */
  async requirePrimaryPosition(): Promise<void> {
    if (!this.freshness) return;
    const position = await primaryPosition(this.primary);
    if (position) this.freshness.heard(position);
  }

  /** The data source a lag-tolerant read should use now. */
  async source(): Promise<DataSource> {
    if (!this.replica || !this.freshness) return this.primary;
    return (await this.freshness.fresh()) ? this.replica : this.primary;
  }

  /**
   * One read statement on `source()`. A read the replica cannot finish (a recovery conflict: the
   * replay of a swap dropped the table it read; the replica gone) runs again on the primary.
   */
  // `any` by default as DataSource.query has it, so repositories moved here keep their typed row arrays.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(sql: string, params?: unknown[]): Promise<T> {
    return this.replica ? this.routed<T>(sql, params) : (this.primary.query(sql, params) as Promise<T>);
  }

  private async routed<T>(sql: string, params?: unknown[]): Promise<T> {
    const source = await this.source();
    if (source === this.primary) return this.primary.query(sql, params) as Promise<T>;
    try {
      return (await source.query(sql, params)) as T;
    } catch (error) {
      if (!replicaCouldNotAnswer(error)) throw error;
      return this.primary.query(sql, params) as Promise<T>;
    }
  }
}

/** The primary's WAL position now: a switch committed before this is at or below it. */
export async function primaryPosition(primary: DataSource): Promise<string | undefined> {
  const rows: Array<{ lsn: string }> = await primary.query(`SELECT pg_current_wal_lsn()::text AS lsn`);
  return rows[0]?.lsn;
}

async function replayPosition(replica: DataSource): Promise<string | null> {
  const rows: Array<{ lsn: string | null }> = await replica.query(`SELECT pg_last_wal_replay_lsn()::text AS lsn`);
  return rows[0]?.lsn ?? null;
}

/**
 * Errors of the replica rather than of the statement: 40001 is what a standby raises when replaying
 * WAL cancels a query (a dropped table it read), 08xxx and 57P0x a lost or shut-down connection,
 * E... a socket error of the driver. The same statement can succeed on the primary.
 */
export function replicaCouldNotAnswer(error: unknown): boolean {
  const code = pgCode(error);
  if (code === undefined) return false;
  return code === '40001' || code.startsWith('08') || code.startsWith('57P') || /^E[A-Z]+$/.test(code);
}
