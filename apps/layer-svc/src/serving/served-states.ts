import { Injectable } from '@nestjs/common';
import { ServedVersionRepository, type ServedVersion } from './served-version.repository.js';

interface Reads {
  /** The state read under way. */
  current?: Promise<ServedVersion>;
  /** The read that starts when `current` ends, shared by everyone who asked while it ran. */
  next?: Promise<ServedVersion>;
}

/**
 * The served version of each layer as last seen, so that a vector tile needs no state read of its
 * own: the tile statement answers the state it cut under, and a different one replaces what was
 * assumed (the tile is then cut again). An answer made without a statement of its own (a tile from
 * memory, a 304, an empty tile) is first `confirmed` by a fresh read of the state.
 *
 * Confirmations for one layer share reads, but only reads that start after they were asked for: a
 * read already under way may have taken its snapshot before a refresh that the caller has seen
 * committed, so the caller waits for the next read instead. A refreshed layer is thereby never
 * answered with its previous version, without one state read per request under load.
 */
@Injectable()
export class ServedStates {
  private readonly known = new Map<string, ServedVersion>();
  private readonly reads = new Map<string, Reads>();

  constructor(private readonly versions: ServedVersionRepository) {}

  /** The state last seen; read now when there is none. */
  assumed(layerId: string): Promise<ServedVersion> {
    const known = this.known.get(layerId);
    return known ? Promise.resolve(known) : this.confirmed(layerId);
  }

  /** The state as read by a statement that started after this call. */
  confirmed(layerId: string): Promise<ServedVersion> {
    let reads = this.reads.get(layerId);
    if (!reads) this.reads.set(layerId, (reads = {}));
    if (reads.next) return reads.next;
    if (!reads.current) return this.startRead(layerId, reads);
    const queue = reads;
    const settled = (): void => undefined;
    queue.next = queue.current!.then(settled, settled).then(() => {
      queue.next = undefined;
      return this.startRead(layerId, queue);
    });
    return queue.next;
  }

  /** A state a statement saw (newer, or older when that statement started before a refresh). */
  saw(served: ServedVersion): void {
    this.known.set(served.layerId, served);
  }

  private startRead(layerId: string, reads: Reads): Promise<ServedVersion> {
    const read = this.versions.current(layerId).then((served) => {
      this.saw(served);
      return served;
    });
    reads.current = read;
    const done = (): void => {
      if (reads.current === read) reads.current = undefined;
    };
    read.then(done, done);
    return read;
  }
}
