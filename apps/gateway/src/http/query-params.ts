/**
 * Query values arrive as text. A numeric text becomes a number; anything else is passed on as it
 * is, so validation reports it as "must be a number" rather than silently reading NaN or 0.
 */
export function queryNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

/** A comma-separated query value ("a,b") as a list; absent stays absent, anything else is passed on. */
export function queryList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);
}
