/**
 * Memoises what only a layer refresh can change (the gminas of a region, coverage statuses) for as
 * long as the served layer versions stay the same. The versions are read on every use, so a refresh
 * is seen by the next search; nothing here needs an event.
 */
export class LayerStateCache {
  private stamp = '';
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(
    private readonly readStamp: () => Promise<string>,
    private readonly maxEntries = 500,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const stamp = await this.readStamp();
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    let entry = this.entries.get(key) as Promise<T> | undefined;
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = load();
      this.entries.set(key, entry);
      // a failed load is not remembered
      entry.catch(() => this.entries.delete(key));
    }
    return entry;
  }
}
