import type { GminaChunk } from './column-store.js';

/** One gmina's matched rows in MatchScratch's bits: where its words start and how many rows are set. */
export interface GminaMatches {
  chunk: GminaChunk;
  /** The index of its first word. */
  word: number;
  count: number;
}

/**
 * The buffers a search in memory works in, kept from one search to the next: the matched rows as
 * one bit a row of the scope (every gmina of the lease in one array), and two arrays of a gmina's
 * size for its row positions and score keys while it is visited.
 *
 * Why reused, and bits: holding every matched row's position and score key (8 bytes a row) cost a
 * national broad search tens of megabytes, in a few thousand buffers a gmina that glibc then kept,
 * so search-svc's resident memory grew with every search (docs/performance.md). A bit a row is 0.6 MB at
 * 5 M, allocated once a scratch. A search holds one scratch from its pass's start to its answer;
 * the pass lets the event loop run between slices, so searches running at once each hold their own
 * (ColumnSearch keeps the idle ones for the next).
 */
export class MatchScratch {
  private words = new Uint32Array(0);
  private positionBuffer = new Int32Array(0);
  private keyBuffer = new Int32Array(0);

  /**
   * Starts a search over `chunks`: every bit cleared, and each chunk given the first word of its
   * rows (in `chunks`' order).
   */
  begin(chunks: readonly GminaChunk[]): number[] {
    const starts: number[] = [];
    let total = 0;
    for (const chunk of chunks) {
      starts.push(total);
      total += (chunk.size + 31) >>> 5;
    }
    if (this.words.length < total) this.words = new Uint32Array(total);
    else this.words.fill(0, 0, total);
    return starts;
  }

  /** Sets the bits of the rows `rows[0..n)` of the gmina whose words start at `word`. */
  set(word: number, rows: Int32Array, n: number): void {
    const words = this.words;
    for (let k = 0; k < n; k++) {
      const row = rows[k]!;
      const at = word + (row >>> 5);
      words[at] = words[at]! | (1 << (row & 31));
    }
  }

  /** Writes the positions of the first `max` matched rows of `m`, ascending, to `out`; returns how many. */
  rows(m: GminaMatches, out: Int32Array, max = m.count): number {
    const words = this.words;
    const end = m.word + ((m.chunk.size + 31) >>> 5);
    let n = 0;
    for (let w = m.word; w < end && n < max; w++) {
      let bits = words[w]!;
      const base = (w - m.word) << 5;
      while (bits !== 0 && n < max) {
        const lowest = bits & -bits;
        out[n++] = base + 31 - Math.clz32(lowest);
        bits ^= lowest;
      }
    }
    return n;
  }

  /** An array for at least `size` row positions, reused. */
  positions(size: number): Int32Array {
    if (this.positionBuffer.length < size) this.positionBuffer = new Int32Array(size);
    return this.positionBuffer;
  }

  /** An array for at least `size` score keys, reused. */
  keys(size: number): Int32Array {
    if (this.keyBuffer.length < size) this.keyBuffer = new Int32Array(size);
    return this.keyBuffer;
  }
}
