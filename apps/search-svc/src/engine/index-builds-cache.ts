/**
 * Memoises a reading of search.index_builds for as long as the builds digest (BUILDS_DIGEST_SQL)
 * stays the same. The digest is read on every use, so a build, rebuild or drop committed since is
 * seen by the next search, as LayerStateCache sees a layer refresh. A national plan asked which of
 * 2,477 gminas are unbuilt or predate the fronts in statements taking the whole list as a parameter,
 * many times what the digest, one small aggregate, costs (docs/performance.md).
 */
export class IndexBuildsCache<T> {
  private remembered: { digest: string; value: Promise<T> } | undefined;

  constructor(
    private readonly readDigest: () => Promise<string>,
    private readonly load: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    const digest = await this.readDigest();
    if (this.remembered?.digest !== digest) {
      // read after the digest: never older than it (a build committed in between changes the digest again)
      const value = this.load();
      const entry = { digest, value };
      this.remembered = entry;
      // a failed load is not remembered
      value.catch(() => {
        if (this.remembered === entry) this.remembered = undefined;
      });
    }
    return this.remembered.value;
  }
}
