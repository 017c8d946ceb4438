import { GEOMETRY_TYPES, bboxPolygon, type Cql2Geometry } from './cql2-geometry.js';
import { filterError, type Cql2Literal, type Cql2Node, type Cql2Property } from './cql2-tree.js';

const MAX_DEPTH = 20;
const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);
const OPERATORS = 'and, or, not, =, <>, <, <=, >, >=, like, between, in, isNull, s_intersects';

/**
 * Reads a CQL2 JSON filter (OGC API - Features Part 3, filter-lang=cql2-json) into the same tree as
 * CQL2 text, so both compile to SQL by one path. Errors point at the offending member by its JSON
 * pointer (`/args/1/args/0`).
 */
export function parseCql2Json(text: string): Cql2Node {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // V8 says where the JSON broke ("... in JSON at position 12"); the position is the token.
    const position = /position (\d+)/.exec((error as Error).message);
    const at = position ? Number(position[1]) : 0;
    const near = text.slice(at, at + 30) || 'end of filter';
    throw filterError('', '', `the filter is not JSON (${(error as Error).message.split('\n')[0]}; near character ${at + 1}: ${near})`, 'send CQL2 JSON, URL-encoded, or use filter-lang=cql2-text');
  }
  return expression(document, '', 0);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(at: string, problem: string, allowed: string): never {
  throw filterError('', at, problem, allowed);
}

function expression(node: unknown, at: string, depth: number): Cql2Node {
  if (depth > MAX_DEPTH) fail(at, 'the filter nests too deeply', `at most ${MAX_DEPTH} levels`);
  if (!isObject(node) || typeof node['op'] !== 'string') fail(at, 'expected an operation object with op and args', `op is one of ${OPERATORS}`);
  const op = node['op'];
  const args = node['args'];
  if (!Array.isArray(args)) fail(`${at}/args`, `${op} has no args array`, 'write {"op": ..., "args": [...]}');
  const arity = (count: number, shape: string): void => {
    if (args.length !== count) fail(`${at}/args`, `${op} takes ${count} argument(s), got ${args.length}`, `write ${shape}`);
  };
  switch (op.toLowerCase()) {
    case 'and':
    case 'or': {
      if (args.length < 2) fail(`${at}/args`, `${op} takes 2 arguments or more`, 'combine two conditions or more');
      return { op: op.toLowerCase() as 'and' | 'or', args: args.map((arg, i) => expression(arg, `${at}/args/${i}`, depth + 1)) };
    }
    case 'not':
      arity(1, '{"op": "not", "args": [<condition>]}');
      return { op: 'not', arg: expression(args[0], `${at}/args/0`, depth + 1) };
    case 'isnull':
      arity(1, '{"op": "isNull", "args": [{"property": "<name>"}]}');
      return { op: 'isNull', property: property(args[0], `${at}/args/0`), negated: false };
    case 'like': {
      arity(2, '{"op": "like", "args": [{"property": "<name>"}, "<pattern>"]}');
      if (typeof args[1] !== 'string') fail(`${at}/args/1`, 'like needs a text pattern', 'write a string, % any text, _ one character');
      return { op: 'like', property: property(args[0], `${at}/args/0`), pattern: args[1], negated: false, at };
    }
    case 'between':
      arity(3, '{"op": "between", "args": [{"property": "<name>"}, <low>, <high>]}');
      return { op: 'between', property: property(args[0], `${at}/args/0`), low: literal(args[1], `${at}/args/1`), high: literal(args[2], `${at}/args/2`), negated: false, at };
    case 'in': {
      arity(2, '{"op": "in", "args": [{"property": "<name>"}, [<value>, ...]]}');
      const list = args[1];
      if (!Array.isArray(list) || list.length === 0) fail(`${at}/args/1`, 'in needs a non-empty array of values', 'write [<value>, ...]');
      return { op: 'in', property: property(args[0], `${at}/args/0`), values: list.map((value, i) => literal(value, `${at}/args/1/${i}`)), negated: false, at };
    }
    case 's_intersects': {
      arity(2, '{"op": "s_intersects", "args": [{"property": "geometry"}, <GeoJSON geometry>]}');
      // Either order, as in CQL2 text.
      const propertyFirst = isObject(args[0]) && 'property' in args[0];
      const [p, g] = propertyFirst ? [0, 1] : [1, 0];
      return { op: 's_intersects', property: property(args[p], `${at}/args/${p}`), geometry: geometry(args[g], `${at}/args/${g}`), at };
    }
    default: {
      if (!COMPARISONS.has(op)) fail(`${at}/op`, `${op} is not an operator we accept`, `op is one of ${OPERATORS}`);
      arity(2, `{"op": "${op}", "args": [{"property": "<name>"}, <value>]}`);
      return { op: op as '=' | '<>' | '<' | '<=' | '>' | '>=', property: property(args[0], `${at}/args/0`), value: literal(args[1], `${at}/args/1`), at };
    }
  }
}

function property(node: unknown, at: string): Cql2Property {
  if (!isObject(node) || typeof node['property'] !== 'string') fail(at, 'expected a property reference', 'write {"property": "<name>"} with a queryable of the collection (GET .../queryables)');
  return { name: node['property'], at };
}

function literal(node: unknown, at: string): Cql2Literal {
  if (typeof node === 'string') return { kind: 'string', value: node, at };
  if (typeof node === 'number') return { kind: 'number', value: node, at };
  if (typeof node === 'boolean') return { kind: 'boolean', value: node, at };
  if (isObject(node) && typeof node['date'] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(node['date'])) return { kind: 'date', value: node['date'], at };
  return fail(at, `expected a literal, got ${JSON.stringify(node)?.slice(0, 40)}`, 'use a string, a number, true, false or {"date": "YYYY-MM-DD"}');
}

function geometry(node: unknown, at: string): Cql2Geometry {
  if (isObject(node) && Array.isArray(node['bbox']) && node['type'] === undefined) {
    const values = node['bbox'];
    if (!values.every((value) => typeof value === 'number' && Number.isFinite(value))) fail(`${at}/bbox`, 'bbox holds numbers', 'write {"bbox": [x1, y1, x2, y2]}');
    const polygon = bboxPolygon(values as number[]);
    if (typeof polygon === 'string') fail(`${at}/bbox`, polygon, 'write {"bbox": [x1, y1, x2, y2]} in the axis order of filter-crs');
    return polygon;
  }
  if (!isObject(node) || typeof node['type'] !== 'string' || !(GEOMETRY_TYPES as readonly string[]).includes(node['type'])) {
    fail(at, 'expected a GeoJSON geometry or a bbox', `write {"type": ${GEOMETRY_TYPES.join('|')}, "coordinates": ...} or {"bbox": [x1, y1, x2, y2]}`);
  }
  // Only what a geometry is made of travels on (never foreign members into SQL).
  if (node['type'] === 'GeometryCollection') {
    const members = node['geometries'];
    if (!Array.isArray(members) || members.length === 0) fail(`${at}/geometries`, 'a GeometryCollection has a non-empty geometries array', 'list its geometries');
    return { type: 'GeometryCollection', geometries: members.map((member, i) => geometry(member, `${at}/geometries/${i}`)) };
  }
  return { type: node['type'], coordinates: node['coordinates'] };
}
