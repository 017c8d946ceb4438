import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/**
 * Values the fixture knows, by field or parameter name, so that valid cases reach past validation
 * into the services (a random parcel id is only ever a 404).
 */
export type DomainValues = Record<string, readonly unknown[]>;

const MAX_DEPTH = 6;

/** Valid values for JSON Schemas of an OpenAPI 3.1 document (references resolved in the document). */
export class SchemaArbitraries {
  constructor(
    private readonly document: JsonSchema,
    private readonly domain: DomainValues,
  ) {}

  resolve(schema: unknown): JsonSchema {
    let node = (schema ?? {}) as JsonSchema;
    for (let hops = 0; typeof node['$ref'] === 'string' && hops < 20; hops++) {
      const pointer = (node['$ref'] as string).replace(/^#\//, '').split('/');
      node = pointer.reduce<unknown>((parent, token) => (parent as JsonSchema)[token.replace(/~1/g, '/').replace(/~0/g, '~')], this.document) as JsonSchema;
    }
    return node;
  }

  /** Property names of an object schema (through allOf and references), with whether required. */
  properties(schema: unknown): Array<{ name: string; required: boolean; schema: JsonSchema }> {
    const resolved = this.merged(schema);
    const required = new Set((resolved['required'] as string[] | undefined) ?? []);
    return Object.entries((resolved['properties'] ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({ name, required: required.has(name), schema: property }));
  }

  /** A valid value; a known domain value for a field of that name most of the time. */
  valid(schema: unknown, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const known = name === undefined ? undefined : this.domain[name];
    const generic = this.generic(schema, depth);
    return known && known.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generic }) : generic;
  }

  private generic(schema: unknown, depth: number): fc.Arbitrary<unknown> {
    const resolved = this.merged(schema);
    const variants = (resolved['anyOf'] ?? resolved['oneOf']) as unknown[] | undefined;
    if (Array.isArray(variants) && variants.length > 0) return fc.oneof(...variants.map((variant) => this.generic(variant, depth)));
    if (Array.isArray(resolved['enum']) && resolved['enum'].length > 0) return fc.constantFrom(...(resolved['enum'] as unknown[]));
    if ('const' in resolved) return fc.constant(resolved['const']);
    const type = resolved['type'];
    if (Array.isArray(type)) return fc.oneof(...type.map((single) => this.generic({ ...resolved, type: single }, depth)));
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: numberOr(resolved['minimum'], -1_000), max: numberOr(resolved['maximum'], 100_000) });
      case 'number':
        return fc.double({ min: numberOr(resolved['minimum'], -1e6), max: numberOr(resolved['maximum'], 1e6), noNaN: true, noDefaultInfinity: true });
      case 'string':
        return this.string(resolved);
      case 'array': {
        const minLength = numberOr(resolved['minItems'], 0);
        const maxLength = Math.max(minLength, Math.min(numberOr(resolved['maxItems'], 5), minLength + 6));
        if (depth >= MAX_DEPTH) return fc.constant([]);
        return fc.array(this.valid(resolved['items'], undefined, depth + 1), { minLength, maxLength, ...(resolved['uniqueItems'] ? {} : {}) });
      }
      default:
        if (type === 'object' || resolved['properties']) return this.object(resolved, depth);
        return fc.constant(null);
    }
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (depth >= MAX_DEPTH) return fc.constant({});
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const property of this.properties(schema)) {
      model[property.name] = this.valid(property.schema, property.name, depth + 1);
      if (property.required) requiredKeys.push(property.name);
    }
    const record = fc.record(model, { requiredKeys });
    const extra = schema['additionalProperties'];
    if (typeof extra !== 'object' || extra === null) return record;
    // A map (parameter overrides and the like): a few entries of the value schema.
    const entries = fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), this.valid(extra, undefined, depth + 1), { maxKeys: 3 });
    return fc.tuple(record, entries).map(([fixed, map]) => ({ ...map, ...fixed }));
  }

  /** Whether a property is a map (an object schema with additionalProperties). */
  isMap(schema: unknown): boolean {
    const extra = this.merged(schema)['additionalProperties'];
    return typeof extra === 'object' && extra !== null;
  }

  private string(schema: JsonSchema): fc.Arbitrary<string> {
    if (typeof schema['example'] === 'string' && schema['pattern']) return fc.constant(schema['example']);
    if (schema['format'] === 'date') return fc.integer({ min: 0, max: 700 }).map((days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10));
    if (schema['format'] === 'date-time') return fc.integer({ min: 0, max: 700 }).map((days) => new Date(Date.now() - days * 86_400_000).toISOString());
    const minLength = numberOr(schema['minLength'], 0);
    const maxLength = Math.max(minLength, Math.min(numberOr(schema['maxLength'], 40), 60));
    return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }

  /** A schema with its allOf parts and references folded into one object schema. */
  private merged(schema: unknown): JsonSchema {
    const resolved = this.resolve(schema);
    const parts = resolved['allOf'];
    if (!Array.isArray(parts)) return resolved;
    const merged: JsonSchema = { ...resolved, properties: { ...((resolved['properties'] ?? {}) as JsonSchema) }, required: [...((resolved['required'] as string[] | undefined) ?? [])] };
    delete merged['allOf'];
    for (const part of parts) {
      const inner = this.merged(part);
      Object.assign(merged['properties'] as JsonSchema, inner['properties'] ?? {});
      (merged['required'] as string[]).push(...((inner['required'] as string[] | undefined) ?? []));
      for (const key of ['type', 'enum', 'items', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'anyOf', 'oneOf', 'format'] as const) {
        if (inner[key] !== undefined && merged[key] === undefined) merged[key] = inner[key];
      }
    }
    return merged;
  }
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
