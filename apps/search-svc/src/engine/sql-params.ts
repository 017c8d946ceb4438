/** Collects the values of one parameterised statement; `add` returns the placeholder to write. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
