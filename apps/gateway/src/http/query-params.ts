/**
 * Query values arrive as text. A numeric text becomes a number; anything else is passed on as it
 * is, so validation reports it as "must be a number" rather than silently reading NaN or 0.
 */
export function queryNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}
