/**
 * A bounded map of entries that expire: at most `capacity` entries (the oldest go first) and none
 * older than `ttlMs`. Used to remember rejected keys without letting a flood of keys grow memory.
 */
export class ExpiringSet {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  add(key: string, value: string): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    // Maps iterate in insertion order, so the first key is the oldest.
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (predicate(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
