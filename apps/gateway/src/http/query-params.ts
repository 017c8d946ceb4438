/**
 * Query and path values arrive as text. Plain decimal text (`12`, `-3`, `16.93`) becomes a number;
 * anything else (`0x10`, `1e3`, `+5`, ` 5`, ``, `Infinity`) is passed on as it is, so validation
 * reports it as "must be a number" rather than silently reading another value.
 */
const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

export function queryNumber(value: unknown): unknown {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return value;
  return Number(value);
}

/** A comma-separated query value ("a,b") as a list; absent stays absent, anything else is passed on. */
export function queryList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);
}
