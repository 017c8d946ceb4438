import type { AttributeType, LayerAttribute, LayerDefinition } from '../layer/layer-catalogue.js';
import { WHERE_IN_MAX_VALUES, WHERE_MAX_CONDITIONS } from './search-bounds.js';

/** `<attribute>_gte` is the spec's; `_lte`, `_eq` and `_in` are our additions (design SEARCH.md). */
export const WHERE_OPERATORS = ['gte', 'lte', 'eq', 'in'] as const;
export type WhereOperator = (typeof WHERE_OPERATORS)[number];

export interface WhereCondition {
  attribute: string;
  operator: WhereOperator;
  value: unknown;
}

/** Splits `voltage_kv_gte` into voltage_kv and gte; null when the key has no operator suffix. */
export function parseWhereKey(key: string): { attribute: string; operator: WhereOperator } | null {
  const cut = key.lastIndexOf('_');
  if (cut <= 0) return null;
  const operator = key.slice(cut + 1);
  if (!(WHERE_OPERATORS as readonly string[]).includes(operator)) return null;
  return { attribute: key.slice(0, cut), operator: operator as WhereOperator };
}

/** The conditions of a `where` object in key order; keys that do not parse are left out. */
export function whereConditions(where: Readonly<Record<string, unknown>>): WhereCondition[] {
  const conditions: WhereCondition[] = [];
  for (const [key, value] of Object.entries(where)) {
    const parsed = parseWhereKey(key);
    if (parsed) conditions.push({ ...parsed, value });
  }
  return conditions;
}

const ORDERED_TYPES: ReadonlySet<AttributeType> = new Set(['number', 'integer', 'date']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** Whether one value fits the attribute's type, and how to say what fits. */
function scalarCheck(type: AttributeType): { ok: (value: unknown) => boolean; what: string } {
  switch (type) {
    case 'number':
      return { ok: (v) => typeof v === 'number' && Number.isFinite(v), what: 'a number' };
    case 'integer':
      return { ok: (v) => typeof v === 'number' && Number.isInteger(v), what: 'an integer' };
    case 'date':
      return { ok: isDate, what: 'a date YYYY-MM-DD' };
    case 'boolean':
      return { ok: (v) => typeof v === 'boolean', what: 'true or false' };
    case 'string':
      return { ok: (v) => typeof v === 'string', what: 'a string' };
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function operatorsFor(attribute: LayerAttribute): WhereOperator[] {
  if (attribute.type === 'boolean') return ['eq'];
  return ORDERED_TYPES.has(attribute.type) ? ['gte', 'lte', 'eq', 'in'] : ['eq', 'in'];
}

function conditionProblem(at: string, key: string, attribute: LayerAttribute, operator: WhereOperator, value: unknown): string | null {
  const allowed = operatorsFor(attribute);
  if (!allowed.includes(operator)) {
    const use = allowed.map((op) => `${attribute.name}_${op}`).join(' or ');
    return `${at}: ${key} is not allowed: _${operator} works on ${operator === 'in' ? 'numbers, dates and strings' : 'numbers and dates'} only and ${attribute.name} is ${attribute.type}; use ${use}`;
  }
  const check = scalarCheck(attribute.type);
  if (operator === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > WHERE_IN_MAX_VALUES) {
      return `${at}: ${key} must be an array of 1 to ${WHERE_IN_MAX_VALUES} values, each ${check.what}; got ${show(value)}`;
    }
    const bad = value.find((item) => !check.ok(item));
    return bad === undefined ? null : `${at}: ${key} must list values that are each ${check.what} (${attribute.name} is ${attribute.type}); got ${show(bad)}`;
  }
  return check.ok(value) ? null : `${at}: ${key} must be ${check.what} (${attribute.name} is ${attribute.type}); got ${show(value)}`;
}

/**
 * Problems of a `where` object against the layer's typed attributes in the catalogue, each naming
 * the bad key or value and what is allowed. `at` is the path shown, e.g. `filters.near[0].where`.
 */
export function whereProblems(layer: LayerDefinition, where: Readonly<Record<string, unknown>>, at: string): string[] {
  const problems: string[] = [];
  const keys = Object.keys(where);
  if (keys.length > WHERE_MAX_CONDITIONS) return [`${at} may have at most ${WHERE_MAX_CONDITIONS} conditions; got ${keys.length}`];
  const attributes = layer.attributes.map((a) => a.name).join(', ');
  const bounds = new Map<string, { gte?: unknown; lte?: unknown }>();
  for (const key of keys) {
    const value = where[key];
    const parsed = parseWhereKey(key);
    const attribute = layer.attributes.find((a) => a.name === (parsed?.attribute ?? key));
    if (!parsed && attribute) {
      problems.push(`${at}: ${key} needs an operator suffix: ${operatorsFor(attribute).map((op) => `${key}_${op}`).join(', ')}`);
      continue;
    }
    if (!parsed) {
      problems.push(`${at}: ${key} is not a condition: write <attribute>_gte, _lte, _eq or _in with an attribute of ${layer.id} (${attributes})`);
      continue;
    }
    if (!attribute) {
      problems.push(`${at}: ${key}: ${parsed.attribute} is not an attribute of ${layer.id}; its attributes: ${attributes}`);
      continue;
    }
    const problem = conditionProblem(at, key, attribute, parsed.operator, value);
    if (problem) {
      problems.push(problem);
    } else if (parsed.operator === 'gte' || parsed.operator === 'lte') {
      bounds.set(attribute.name, { ...bounds.get(attribute.name), [parsed.operator]: value });
    }
  }
  for (const [name, { gte, lte }] of bounds) {
    // numbers compare as numbers, YYYY-MM-DD dates as strings
    if (gte !== undefined && lte !== undefined && (gte as number | string) > (lte as number | string)) {
      problems.push(`${at}: ${name}_gte ${show(gte)} is greater than ${name}_lte ${show(lte)}; no feature can match`);
    }
  }
  return problems;
}
