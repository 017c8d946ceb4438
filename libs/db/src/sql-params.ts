/** Collects the values of one parameterised statement; `add` returns the placeholder to write. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** `first`: when the statement already has placeholders $1..$(first-1) of its own. */
  constructor(private readonly first = 1) {}

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    const placeholder = `$${this.first - 1 + this.values.length}`;
    return cast ? `${placeholder}::${cast}` : placeholder;
  }
}
