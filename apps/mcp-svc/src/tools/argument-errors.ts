import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AnyTool } from './tool-definition.js';

type JsonSchema = Record<string, unknown>;

/**
 * Arguments that break a tool's input schema, told to the model as a tool error: which argument,
 * what was wrong with it and what is allowed there, so it can correct the call itself. (The SDK's
 * own answer is a raw validation dump.)
 */
export function argumentErrorResult(tool: AnyTool, args: unknown, issues: readonly z.core.$ZodIssue[]): CallToolResult {
  const properties = inputProperties(tool);
  const lines = issues.slice(0, 10).map((issue) => `- ${describeIssue(issue, args, properties)}`);
  if (issues.length > lines.length) lines.push(`- and ${issues.length - lines.length} more problems`);
  const text = [`${tool.name} did not run: its arguments are not valid.`, ...lines, `Correct these arguments and call ${tool.name} again; do not retry unchanged.`].join('\n');
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Arguments that are not a JSON object at all, or are far larger than any tool takes. */
export function malformedArgumentsResult(tool: AnyTool, reason: string): CallToolResult {
  const names = Object.keys(inputProperties(tool));
  const expected = names.length > 0 ? `an object with the arguments ${names.join(', ')}` : 'an empty object';
  return { isError: true, content: [{ type: 'text', text: `${tool.name} did not run: ${reason}. Its arguments must be ${expected}. Correct the call and try again.` }] };
}

export function unknownToolResult(name: string, known: readonly string[]): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `There is no tool named "${name}". The tools of this server are: ${known.join(', ')}.` }] };
}

function describeIssue(issue: z.core.$ZodIssue, args: unknown, properties: Record<string, JsonSchema>): string {
  const [first] = issue.path;
  if (first === undefined) return sentence(issue.message);
  const name = issue.path.map(String).join('.');
  const received = valueAt(args, issue.path);
  const problem = received === undefined && issue.code === 'invalid_type' ? 'is required but missing' : `${lowerFirst(issue.message)} (got ${shown(received)})`;
  const schema = properties[String(first)];
  const allowed = schema ? ` Allowed: ${allowedValues(schema)}.` : ` This tool takes no argument "${String(first)}".`;
  return `${name} ${problem}.${allowed}`;
}

/** What a property accepts, in words, from the JSON Schema the tool advertises. */
export function allowedValues(schema: JsonSchema): string {
  const variants = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return variants.map(allowedValues).join(', or ');
  const description = typeof schema['description'] === 'string' ? ` (${schema['description']})` : '';
  const fallback = schema['default'] !== undefined ? `; default ${JSON.stringify(schema['default'])}` : '';
  return `${kind(schema)}${description}${fallback}`;
}

function kind(schema: JsonSchema): string {
  if (Array.isArray(schema['enum'])) return `one of ${schema['enum'].map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema['const'] !== undefined) return `exactly ${JSON.stringify(schema['const'])}`;
  switch (schema['type']) {
    case 'string':
      return `a string${range(schema['minLength'], schema['maxLength'], 'characters')}${schema['pattern'] ? ` matching ${String(schema['pattern'])}` : ''}`;
    case 'integer':
    case 'number':
      return `${schema['type'] === 'integer' ? 'an integer' : 'a number'}${bounds(schema)}`;
    case 'boolean':
      return 'true or false';
    case 'array': {
      const items = typeof schema['items'] === 'object' && schema['items'] !== null ? kind(schema['items'] as JsonSchema) : 'values';
      return `a list${range(schema['minItems'], schema['maxItems'], 'items')} of ${items}`;
    }
    case 'object':
      return 'an object';
    default:
      return 'a value';
  }
}

function bounds(schema: JsonSchema): string {
  const min = schema['minimum'] ?? schema['exclusiveMinimum'];
  const max = schema['maximum'] ?? schema['exclusiveMaximum'];
  if (min !== undefined && max !== undefined) return ` from ${String(min)} to ${String(max)}`;
  if (min !== undefined) return ` of at least ${String(min)}`;
  return max !== undefined ? ` of at most ${String(max)}` : '';
}

function range(min: unknown, max: unknown, unit: string): string {
  if (min !== undefined && max !== undefined) return ` of ${String(min)} to ${String(max)} ${unit}`;
  if (min !== undefined) return ` of at least ${String(min)} ${unit}`;
  return max !== undefined ? ` of at most ${String(max)} ${unit}` : '';
}

const propertiesByTool = new WeakMap<AnyTool, Record<string, JsonSchema>>();

function inputProperties(tool: AnyTool): Record<string, JsonSchema> {
  let properties = propertiesByTool.get(tool);
  if (!properties) {
    const schema = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    propertiesByTool.set(tool, properties);
  }
  return properties;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** The offending value, short: models repeat what they are shown. */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${typeof value} ${text.slice(0, 57)}...` : `${typeof value} ${text}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function sentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}
