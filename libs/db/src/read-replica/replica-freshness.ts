import { parseWalLsn } from './wal-lsn.js';

/** How long a replay position that is behind is trusted before the replica is asked again. */
export const DEFAULT_RECHECK_MS = 200;

/**
 * Whether a streaming replica has replayed every served-version switch this service has heard of.
 *
 * Physical replication replays a switch (the new version table and the view pointing at it) in one
 * transaction, so the replica itself is never inconsistent; the danger is this service being ahead
 * of it: having heard that layer X now serves version N (and maybe cached N) while the replica
 * still answers N-1, or a table the swap dropped still being queried there. Each switch event
 * carries the primary's WAL position after the swap committed; until the replica's replay position
 * reaches the newest one heard, the lag-tolerant reads go to the primary.
 *
 * The replay position only grows, so once it reached what is required it stays good until a newer
 * switch is heard: the replica is asked again only while it is behind, at most every `recheckMs`,
 * with one question shared by every read that waits for it.
 */
export class ReplicaFreshness {
  private required = 0n;
  private replayed = 0n;
  private askedAt = -Infinity;
  private asking?: Promise<bigint>;

  constructor(
    /** The replica's `pg_last_wal_replay_lsn()`. */
    private readonly replayPosition: () => Promise<string | null>,
    private readonly recheckMs = DEFAULT_RECHECK_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A switch committed on the primary at (or before) this WAL position. Unreadable positions are ignored. */
  heard(lsn: string): boolean {
    const position = parseWalLsn(lsn);
    if (position === null) return false;
    if (position > this.required) this.required = position;
    return true;
  }

  /** The newest switch heard of, as a WAL position (0 before any). */
  get requiredPosition(): bigint {
    return this.required;
  }

  /** True when the replica has replayed every switch heard of; asks it only while it was behind. */
  async fresh(): Promise<boolean> {
    if (this.replayed >= this.required) return true;
    if (this.asking) return (await this.asking) >= this.required;
    if (this.now() - this.askedAt < this.recheckMs) return false;
    this.askedAt = this.now();
    this.asking = this.replayPosition()
      .then((text) => {
        const position = parseWalLsn(text);
        if (position !== null && position > this.replayed) this.replayed = position;
        return this.replayed;
      })
      // An unreachable replica is behind as far as reads care: they stay on the primary.
      .catch(() => this.replayed)
      .finally(() => {
        this.asking = undefined;
      });
    return (await this.asking) >= this.required;
  }
}
