/**
 * Tool schemas as every agent client can read them. Zod writes a nullable or a simple union as
 * `type: ["string", "null"]`: legal JSON Schema, but clients that map tool schemas onto a dialect
 * with one `type` per schema (Gemini's function declarations among them) reject the tool or drop the
 * constraint, and MCP Inspector warns about each. Here each such schema becomes `anyOf` branches of
 * one type, each branch keeping the keywords that apply to its type.
 */
export function withSingleTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withSingleTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withSingleTypes(value)])) as Record<string, unknown>;
  const { type } = node;
  if (!Array.isArray(type) || node['anyOf'] !== undefined) return node;
  return splitTypes(node, type as string[]);
}

/** Keywords that constrain values of one JSON type only; they move into that type's branch. */
const KEYWORDS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};
const TYPED_KEYWORDS = new Set([...Object.values(KEYWORDS_OF_TYPE).flat(), 'type', 'enum', 'const']);

function splitTypes(node: Record<string, unknown>, types: string[]): Record<string, unknown> {
  const shared = Object.fromEntries(Object.entries(node).filter(([key]) => !TYPED_KEYWORDS.has(key)));
  const anyOf = types.map((type) => branchOf(node, type));
  return { ...shared, anyOf };
}

function branchOf(node: Record<string, unknown>, type: string): Record<string, unknown> {
  const branch: Record<string, unknown> = { type };
  for (const key of KEYWORDS_OF_TYPE[type] ?? []) if (node[key] !== undefined) branch[key] = node[key];
  if (Array.isArray(node['enum'])) {
    const values = node['enum'].filter((value) => jsonTypeOf(value, type));
    if (type !== 'null' && values.length > 0) branch['enum'] = values;
  }
  if (node['const'] !== undefined && jsonTypeOf(node['const'], type)) branch['const'] = node['const'];
  return branch;
}

function jsonTypeOf(value: unknown, type: string): boolean {
  if (value === null) return type === 'null';
  if (Array.isArray(value)) return type === 'array';
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}
