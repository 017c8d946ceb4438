import fc from 'fast-check';

/** Nested arrays `depth` levels deep, as a value (JSON.stringify handles a few hundred levels). */
export function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

/** Texts that have broken parsers, queries, logs and templates somewhere. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'x\u0000y',
  '%00',
  "' OR '1'='1",
  "'; DROP TABLE layer_pub.parcels; --",
  '"\\',
  '\\',
  '%',
  '%%',
  '_',
  '*',
  '?',
  '#',
  '&',
  '=',
  ',,,',
  ',',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '+5',
  '1e3',
  ' 5 ',
  '5.5',
  '9007199254740993',
  '-1',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  'constructor',
  '__proto__',
  'ąęłńóśźżĄĘŁŃÓŚŹŻ',
  '🏡🌍',
  '\u202Emirrored',
  'e\u0301\u0301\u0301',
  '\uFEFFbom',
  '\uFFFF',
  'x'.repeat(2_000),
  'ł'.repeat(5_000),
];

/** Numbers at and beyond every edge; NaN and the infinities too (JSON writes them as null). */
export const HOSTILE_NUMBERS: readonly number[] = [0, -0, -1, 1, 0.5, -0.000001, 1e-12, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity];

/** Any JSON-ish value a client could send where something else was expected. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [''], { constructor: 1 }, { __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"x":1}}')) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 300 }).map(nestedArrays) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>('a', 1, null), { minLength: 200, maxLength: 2_000 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom<unknown>(1, 'x', null), { maxKeys: 50 }) },
  );
}

/** A hostile value as query text (what a hand-written URL would carry). */
export function hostileQueryText(): fc.Arbitrary<string> {
  return hostileValue().map(queryText);
}

/** How a value is written into a query string: numbers as JavaScript prints them, objects as JSON. */
export function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join(',');
  return JSON.stringify(value) ?? String(value);
}

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as the bytes of U+FFFD), which
 * encodeURIComponent refuses.
 */
export function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}
