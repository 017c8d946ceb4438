import { AppError } from '@lp/contracts';
import { GEOMETRY_PROPERTY, type Cql2Geometry } from './cql2-geometry.js';

/**
 * A CQL2 filter (OGC API - Features Part 3) as a tree, the same for CQL2 text and CQL2 JSON: basic
 * comparison, LIKE, BETWEEN, IN, IS NULL, AND/OR/NOT and S_INTERSECTS. Temporal functions are not
 * part of what we accept.
 *
 * `at` says where a part of the filter is, for error messages: a 0-based character position in
 * CQL2 text, a JSON pointer (`/args/1`) in CQL2 JSON.
 */
export type Cql2At = number | string;
export type Cql2Literal = ({ kind: 'string'; value: string } | { kind: 'number'; value: number } | { kind: 'boolean'; value: boolean } | { kind: 'date'; value: string }) & { at: Cql2At };
export interface Cql2Property {
  name: string;
  at: Cql2At;
}
export type Cql2Node =
  | { op: 'and' | 'or'; args: Cql2Node[] }
  | { op: 'not'; arg: Cql2Node }
  | { op: '=' | '<>' | '<' | '<=' | '>' | '>='; property: Cql2Property; value: Cql2Literal; at: Cql2At }
  | { op: 'like'; property: Cql2Property; pattern: string; negated: boolean; at: Cql2At }
  | { op: 'between'; property: Cql2Property; low: Cql2Literal; high: Cql2Literal; negated: boolean; at: Cql2At }
  | { op: 'in'; property: Cql2Property; values: Cql2Literal[]; negated: boolean; at: Cql2At }
  | { op: 'isNull'; property: Cql2Property; negated: boolean }
  /** The geometry is checked when the filter is compiled, where its CRS is known. */
  | { op: 's_intersects'; property: Cql2Property; geometry: Cql2Geometry; at: Cql2At };

export const CQL2_SUMMARY =
  "CQL2 text: <property> = | <> | < | <= | > | >= <literal>, <property> [NOT] LIKE '<pattern>', [NOT] BETWEEN <a> AND <b>, [NOT] IN (<a>, ...), IS [NOT] NULL, " +
  `S_INTERSECTS(${GEOMETRY_PROPERTY}, <WKT geometry or BBOX(x1, y1, x2, y2)>), ` +
  "combined with AND, OR, NOT and parentheses; literals are 'text', numbers, TRUE/FALSE and DATE('YYYY-MM-DD')";

export const CQL2_JSON_SUMMARY =
  'CQL2 JSON: {"op": "and"|"or"|"not", "args": [...]}, {"op": "="|"<>"|"<"|"<="|">"|">="|"like"|"between"|"in"|"isNull", "args": [{"property": "<name>"}, <values>]}, ' +
  `{"op": "s_intersects", "args": [{"property": "${GEOMETRY_PROPERTY}"}, <GeoJSON geometry or {"bbox": [x1, y1, x2, y2]}>]}; ` +
  'literals are strings, numbers, true/false and {"date": "YYYY-MM-DD"}';

/**
 * A 400 that names the offending token and its position (CQL2 text) or its JSON pointer (CQL2
 * JSON), and says what is allowed there.
 */
export function filterError(text: string, at: Cql2At, problem: string, allowed: string): AppError {
  if (typeof at === 'string') return AppError.invalid(`filter (CQL2 JSON): ${problem} at ${at || '/'}; ${allowed}. ${CQL2_JSON_SUMMARY}.`);
  const near = text.slice(at, at + 30) || 'end of filter';
  return AppError.invalid(`filter: ${problem} at position ${at + 1} (near: ${near}); ${allowed}. ${CQL2_SUMMARY}.`);
}
