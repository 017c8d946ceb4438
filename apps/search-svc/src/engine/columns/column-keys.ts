/**
 * One gmina's parcel keys in row (parcel-id) order, held as runs of consecutive keys. A build keys a
 * gmina's new parcels in one statement in id order (KEY_GMINAS_SQL), so a gmina keyed at once is one
 * run: its keys cost 8 bytes a run instead of 4 a parcel. Parcels keyed
 * later (a refresh adding some) or builds keying at the same time make more runs; where runs would
 * take more than the keys themselves, the keys are held as they are.
 */
export class ParcelKeys {
  private constructor(
    /** Runs: the first row of each, ascending, the first at 0 (empty when `dense`). */
    private readonly runRows: Int32Array,
    /** The key of each run's first row. */
    private readonly runKeys: Int32Array,
    private readonly dense: Int32Array | undefined,
    readonly length: number,
  ) {}

  static of(keys: Int32Array): ParcelKeys {
    let runs = keys.length === 0 ? 0 : 1;
    for (let i = 1; i < keys.length; i++) if (keys[i] !== keys[i - 1]! + 1) runs++;
    // a run takes two numbers: beyond half the rows the keys are smaller as they are
    if (runs * 2 > keys.length) return new ParcelKeys(new Int32Array(0), new Int32Array(0), keys, keys.length);
    const runRows = new Int32Array(runs);
    const runKeys = new Int32Array(runs);
    let run = 0;
    for (let i = 0; i < keys.length; i++) {
      if (i > 0 && keys[i] === keys[i - 1]! + 1) continue;
      runRows[run] = i;
      runKeys[run++] = keys[i]!;
    }
    return new ParcelKeys(runRows, runKeys, undefined, keys.length);
  }

  static empty(): ParcelKeys {
    return ParcelKeys.of(new Int32Array(0));
  }

  /** The key of row `row` (0 ≤ row < length). */
  at(row: number): number {
    if (this.dense) return this.dense[row]!;
    const rows = this.runRows;
    if (rows.length === 1) return this.runKeys[0]! + row;
    // the last run starting at or before the row
    let low = 0;
    let high = rows.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (rows[mid]! <= row) low = mid;
      else high = mid - 1;
    }
    return this.runKeys[low]! + (row - rows[low]!);
  }

  /** Some row has this key (a linear pass; used once a load, for the null key). */
  includes(key: number): boolean {
    if (this.dense) return this.dense.includes(key);
    for (let run = 0; run < this.runRows.length; run++) {
      const end = run + 1 < this.runRows.length ? this.runRows[run + 1]! : this.length;
      // a run's keys are runKeys[run] .. runKeys[run] + (end - start - 1), without overflow
      if (key >= this.runKeys[run]! && key - this.runKeys[run]! < end - this.runRows[run]!) return true;
    }
    return false;
  }

  get byteLength(): number {
    return this.dense ? this.dense.byteLength : this.runRows.byteLength + this.runKeys.byteLength;
  }
}
