import { AppError } from '@lp/contracts';

/** Field names that address an object's prototype rather than its data. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses a message that names a prototype key at any depth ({"params": {"constructor": 5}}):
 * class-transformer follows such keys into the class itself and fails with a TypeError (a 500),
 * and no field of our contracts has such a name. Runs before any conversion; iterative, so deep
 * nesting cannot exhaust the stack.
 */
export function refusePrototypeKeys(payload: unknown): void {
  const pending: Array<{ value: unknown; path: string }> = [{ value: payload, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]` }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) throw AppError.invalid(`${keyPath}: "${key}" is not accepted as a field name.`);
      pending.push({ value: (value as Record<string, unknown>)[key], path: keyPath });
    }
  }
}
