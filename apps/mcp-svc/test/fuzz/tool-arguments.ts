import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/** Values the data knows, by argument name, so that valid calls reach past validation into the services. */
export type KnownValues = Record<string, readonly unknown[]>;

/** What a call's arguments are meant to test: in the tool's schema, or broken in one way. */
export type ArgumentsKind = 'valid' | 'hostile_value' | 'missing_required' | 'unknown_argument' | 'not_an_object';

export interface ToolArguments {
  kind: ArgumentsKind;
  args: unknown;
}

const MAX_DEPTH = 4;

/** Texts that have broken parsers, queries, logs and templates somewhere. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'x\u0000y',
  "' OR '1'='1",
  "'; DROP TABLE layer_pub.parcels; --",
  '\\',
  '%',
  '_',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'NaN',
  '-0',
  '1e309',
  '__proto__',
  'ąęłńóśźżĄĘŁŃÓŚŹŻ',
  '🏡🌍',
  '\u202Emirrored',
  '\u001b]0;title\u0007',
  'x'.repeat(3_000),
];

const HOSTILE_NUMBERS: readonly number[] = [0, -1, 0.5, 1e-12, 5e-324, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308];

/** Any JSON value a model could send where something else was expected. */
function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, [], {}, [null], [''], { constructor: 1 }, JSON.parse('{"__proto__":{"x":1}}')) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>('a', 1, null), { minLength: 100, maxLength: 1_000 }) },
  );
}

/**
 * Arguments for one MCP tool from the JSON Schema it advertises in tools/list: valid ones (known
 * values where the data has them) and ones broken in a single way, as a confused or hostile model
 * sends them.
 */
export function toolArguments(schema: JsonSchema, known: KnownValues, validShare: number): fc.Arbitrary<ToolArguments> {
  const valid = objectOf(schema, known, 0);
  const names = Object.keys(propertiesOf(schema));
  const required = (schema['required'] as string[] | undefined) ?? [];
  const broken: fc.Arbitrary<ToolArguments>[] = [
    fc.constantFrom<unknown>('a text', [1, 2], 42, null).map((args) => ({ kind: 'not_an_object' as const, args })),
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue())
      .map(([args, name, value]) => ({ kind: 'unknown_argument' as const, args: { ...(args as object), [`x_${name}`]: value } })),
  ];
  if (names.length > 0) {
    broken.push(
      fc
        .tuple(valid, fc.constantFrom(...names), hostileValue())
        .map(([args, name, value]) => ({ kind: 'hostile_value' as const, args: { ...(args as object), [name]: value } })),
    );
  }
  if (required.length > 0) {
    broken.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([args, name]) => {
        const copy = { ...(args as Record<string, unknown>) };
        delete copy[name];
        return { kind: 'missing_required' as const, args: copy };
      }),
    );
  }
  const validWeight = Math.max(1, Math.round((validShare / (1 - validShare)) * broken.length));
  return fc.oneof(
    { weight: validWeight, arbitrary: valid.map((args) => ({ kind: 'valid' as const, args })) },
    ...broken.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema['properties'] ?? {}) as Record<string, JsonSchema>;
}

function objectOf(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (depth >= MAX_DEPTH) return fc.constant({});
  const required = (schema['required'] as string[] | undefined) ?? [];
  const model = Object.fromEntries(Object.entries(propertiesOf(schema)).map(([name, property]) => [name, valueOf(property, known, depth + 1, name)]));
  return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
}

/** A value in the schema; a known value for an argument of that name most of the time. */
function valueOf(schema: JsonSchema, known: KnownValues, depth: number, name?: string): fc.Arbitrary<unknown> {
  const generic = genericValue(schema, known, depth);
  const values = name === undefined ? undefined : known[name];
  return values && values.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: generic }) : generic;
}

function genericValue(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const variants = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) return fc.oneof(...variants.map((variant) => genericValue(variant, known, depth)));
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return fc.constantFrom(...(schema['enum'] as unknown[]));
  if ('const' in schema) return fc.constant(schema['const']);
  const type = schema['type'];
  if (Array.isArray(type)) return fc.oneof(...type.map((single) => genericValue({ ...schema, type: single }, known, depth)));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: bound(schema, 'minimum', 'exclusiveMinimum', -1_000, 1), max: bound(schema, 'maximum', 'exclusiveMaximum', 100_000, -1) });
    case 'number':
      return fc.double({
        min: bound(schema, 'minimum', 'exclusiveMinimum', -1e6, 1e-9),
        max: bound(schema, 'maximum', 'exclusiveMaximum', 1e6, -1e-9),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string': {
      const minLength = numberOr(schema['minLength'], 0);
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(numberOr(schema['maxLength'], 40), 60)), unit: 'grapheme' });
    }
    case 'array': {
      const minLength = numberOr(schema['minItems'], 0);
      if (depth >= MAX_DEPTH) return fc.constant([]);
      return fc.array(valueOf((schema['items'] ?? {}) as JsonSchema, known, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(numberOr(schema['maxItems'], 5), minLength + 4)),
      });
    }
    default:
      return type === 'object' || schema['properties'] ? objectOf(schema, known, depth) : fc.constant(null);
  }
}

/** An inclusive bound of a number schema, from its inclusive or exclusive keyword (nudged inside). */
function bound(schema: JsonSchema, inclusive: string, exclusive: string, fallback: number, nudge: number): number {
  if (typeof schema[inclusive] === 'number') return schema[inclusive] as number;
  if (typeof schema[exclusive] === 'number') return (schema[exclusive] as number) + nudge;
  return fallback;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
