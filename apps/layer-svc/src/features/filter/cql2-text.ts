import { AppError } from '@lp/contracts';
import { GEOMETRY_PROPERTY, bboxPolygon, type Cql2Geometry } from './cql2-geometry.js';

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

const WKT_TYPES: Record<string, string> = {
  POINT: 'Point',
  LINESTRING: 'LineString',
  POLYGON: 'Polygon',
  MULTIPOINT: 'MultiPoint',
  MULTILINESTRING: 'MultiLineString',
  MULTIPOLYGON: 'MultiPolygon',
  GEOMETRYCOLLECTION: 'GeometryCollection',
};
const WKT_ALLOWED = 'a WKT geometry (POINT(x y), LINESTRING(...), POLYGON((...)), MULTI..., GEOMETRYCOLLECTION(...)) or BBOX(x1, y1, x2, y2)';

type TokenKind = 'ident' | 'quoted' | 'string' | 'number' | 'op' | 'punct' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  at: number;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'LIKE', 'BETWEEN', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'DATE', 'S_INTERSECTS']);
const MAX_DEPTH = 20;

export function parseCql2Text(text: string): Cql2Node {
  const parser = new Parser(text, tokenize(text));
  const node = parser.expression(0);
  parser.expectEnd();
  return node;
}

/**
 * A 400 that names the offending token and its position (CQL2 text) or its JSON pointer (CQL2
 * JSON), and says what is allowed there.
 */
export function filterError(text: string, at: Cql2At, problem: string, allowed: string): AppError {
  if (typeof at === 'string') return AppError.invalid(`filter (CQL2 JSON): ${problem} at ${at || '/'}; ${allowed}. ${CQL2_JSON_SUMMARY}.`);
  const near = text.slice(at, at + 30) || 'end of filter';
  return AppError.invalid(`filter: ${problem} at position ${at + 1} (near: ${near}); ${allowed}. ${CQL2_SUMMARY}.`);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw filterError(text, i, 'a text literal is not closed', "end it with ' (write '' for a quote inside)");
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j++;
      }
      tokens.push({ kind: 'string', text: value, at: i });
      i = j + 1;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw filterError(text, i, 'a quoted property name is not closed', 'end it with "');
      tokens.push({ kind: 'quoted', text: text.slice(i + 1, end), at: i });
      i = end + 1;
    } else if (/[0-9]/.test(c) || ((c === '-' || c === '+' || c === '.') && /[0-9.]/.test(text[i + 1] ?? ''))) {
      const match = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i))!;
      tokens.push({ kind: 'number', text: match[0], at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_:.]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'ident', text: match[0], at: i });
      i += match[0].length;
    } else if ('<>='.includes(c)) {
      const two = text.slice(i, i + 2);
      const op = two === '<=' || two === '>=' || two === '<>' ? two : c;
      tokens.push({ kind: 'op', text: op, at: i });
      i += op.length;
    } else if ('(),'.includes(c)) {
      tokens.push({ kind: 'punct', text: c, at: i });
      i++;
    } else {
      throw filterError(text, i, `the character '${c}' is not part of CQL2 text`, 'use property names, literals, comparison operators and parentheses');
    }
  }
  tokens.push({ kind: 'end', text: '', at: text.length });
  return tokens;
}

class Parser {
  private index = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  expression(depth: number): Cql2Node {
    if (depth > MAX_DEPTH) throw filterError(this.text, this.peek().at, 'the filter nests too deeply', `at most ${MAX_DEPTH} levels of parentheses and NOT`);
    const args = [this.conjunction(depth)];
    while (this.isKeyword('OR')) {
      this.index++;
      args.push(this.conjunction(depth));
    }
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.kind !== 'end') throw filterError(this.text, token.at, `unexpected '${token.text}'`, 'expected AND, OR or the end of the filter');
  }

  private conjunction(depth: number): Cql2Node {
    const args = [this.negation(depth)];
    while (this.isKeyword('AND')) {
      this.index++;
      args.push(this.negation(depth));
    }
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }

  private negation(depth: number): Cql2Node {
    if (this.isKeyword('NOT')) {
      this.index++;
      return { op: 'not', arg: this.negation(depth + 1) };
    }
    if (this.peek().text === '(' && this.peek().kind === 'punct') {
      this.index++;
      const inner = this.expression(depth + 1);
      this.expectPunct(')', 'close the parenthesis');
      return inner;
    }
    return this.predicate();
  }

  private predicate(): Cql2Node {
    if (this.isKeyword('S_INTERSECTS')) return this.spatial();
    const property = this.property();
    const token = this.peek();
    if (token.kind === 'op') {
      this.index++;
      return { op: token.text as '=' | '<>' | '<' | '<=' | '>' | '>=', property, value: this.literal(), at: token.at };
    }
    if (this.isKeyword('IS')) {
      this.index++;
      const negated = this.acceptKeyword('NOT');
      if (!this.acceptKeyword('NULL')) throw filterError(this.text, this.peek().at, 'IS must be followed by NULL or NOT NULL', 'write IS NULL or IS NOT NULL');
      return { op: 'isNull', property, negated };
    }
    const negated = this.acceptKeyword('NOT');
    const keyword = this.peek();
    if (this.acceptKeyword('LIKE')) {
      const pattern = this.peek();
      if (pattern.kind !== 'string') throw filterError(this.text, pattern.at, 'LIKE needs a text pattern', "write LIKE 'text%' (% any text, _ one character)");
      this.index++;
      return { op: 'like', property, pattern: pattern.text, negated, at: keyword.at };
    }
    if (this.acceptKeyword('BETWEEN')) {
      const low = this.literal();
      if (!this.acceptKeyword('AND')) throw filterError(this.text, this.peek().at, 'BETWEEN needs AND between its bounds', 'write BETWEEN <low> AND <high>');
      return { op: 'between', property, low, high: this.literal(), negated, at: keyword.at };
    }
    if (this.acceptKeyword('IN')) {
      this.expectPunct('(', 'IN takes a list in parentheses');
      const values = [this.literal()];
      while (this.peek().text === ',' && this.peek().kind === 'punct') {
        this.index++;
        values.push(this.literal());
      }
      this.expectPunct(')', 'close the IN list');
      return { op: 'in', property, values, negated, at: keyword.at };
    }
    throw filterError(this.text, keyword.at, `expected an operator after ${property.name}, got '${keyword.text || 'the end'}'`, 'use =, <>, <, <=, >, >=, LIKE, BETWEEN, IN or IS NULL');
  }

  /** S_INTERSECTS(<geometry property>, <spatial literal>), arguments in either order. */
  private spatial(): Cql2Node {
    const at = this.peek().at;
    this.index++;
    this.expectPunct('(', `S_INTERSECTS takes two arguments in parentheses: S_INTERSECTS(${GEOMETRY_PROPERTY}, POLYGON((...)))`);
    const literalFirst = this.isGeometryStart();
    const geometry = literalFirst ? this.geometry() : undefined;
    if (literalFirst) this.expectPunct(',', 'separate the arguments of S_INTERSECTS with a comma');
    const property = this.property();
    if (!literalFirst) this.expectPunct(',', 'separate the arguments of S_INTERSECTS with a comma');
    const literal = geometry ?? this.geometry();
    this.expectPunct(')', 'close S_INTERSECTS(...)');
    return { op: 's_intersects', property, geometry: literal, at };
  }

  private isGeometryStart(): boolean {
    const token = this.peek();
    return token.kind === 'ident' && (token.text.toUpperCase() in WKT_TYPES || token.text.toUpperCase() === 'BBOX');
  }

  /** A WKT geometry or a CQL2 BBOX, read into GeoJSON. */
  private geometry(): Cql2Geometry {
    const token = this.peek();
    if (!this.isGeometryStart()) throw filterError(this.text, token.at, `expected a geometry, got '${token.text || 'the end'}'`, `write ${WKT_ALLOWED}`);
    this.index++;
    const word = token.text.toUpperCase();
    if (word === 'BBOX') {
      this.expectPunct('(', 'BBOX takes 4 numbers in parentheses');
      const values = [this.number()];
      while (this.acceptPunct(',')) values.push(this.number());
      this.expectPunct(')', 'close BBOX(...)');
      const polygon = bboxPolygon(values);
      if (typeof polygon === 'string') throw filterError(this.text, token.at, polygon, 'write BBOX(x1, y1, x2, y2) in the axis order of filter-crs');
      return polygon;
    }
    const type = WKT_TYPES[word]!;
    if (this.isKeyword('Z')) this.index++;
    if (type === 'GeometryCollection') {
      this.expectPunct('(', 'GEOMETRYCOLLECTION takes its geometries in parentheses');
      const geometries = [this.geometry()];
      while (this.acceptPunct(',')) geometries.push(this.geometry());
      this.expectPunct(')', 'close GEOMETRYCOLLECTION(...)');
      return { type, geometries };
    }
    const depth = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 }[type]!;
    if (type === 'Point') {
      this.expectPunct('(', 'POINT takes one position in parentheses: POINT(x y)');
      const point = this.position();
      this.expectPunct(')', 'POINT takes one position: POINT(x y)');
      return { type, coordinates: point };
    }
    return { type, coordinates: this.coordinates(depth, type === 'MultiPoint') };
  }

  /** `depth` levels of parenthesised lists of positions; MULTIPOINT takes its points with or without parentheses. */
  private coordinates(depth: number, multipoint: boolean): unknown {
    if (depth === 1 && multipoint) return this.list(() => (this.peek().text === '(' ? this.list(() => this.position())[0] : this.position()));
    if (depth === 1) return this.list(() => this.position());
    return this.list(() => this.coordinates(depth - 1, multipoint));
  }

  private list<T>(item: () => T): T[] {
    this.expectPunct('(', `a WKT coordinate list opens with '('; write ${WKT_ALLOWED}`);
    const items = [item()];
    while (this.acceptPunct(',')) items.push(item());
    this.expectPunct(')', "close the coordinate list with ')'");
    return items;
  }

  /** A WKT position: 2 or 3 numbers separated by spaces. */
  private position(): number[] {
    const values = [this.number()];
    while (this.peek().kind === 'number') values.push(this.number());
    if (values.length > 3) throw filterError(this.text, this.peek().at, 'a position has 2 or 3 numbers', "separate positions with ','");
    if (values.length < 2) throw filterError(this.text, this.peek().at, 'a position has 2 numbers (x y), separated by a space', 'write positions as x y, separated by commas');
    return values;
  }

  private number(): number {
    const token = this.peek();
    if (token.kind !== 'number') throw filterError(this.text, token.at, `expected a number, got '${token.text || 'the end'}'`, 'coordinates are numbers');
    this.index++;
    return Number(token.text);
  }

  private acceptPunct(punct: string): boolean {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== punct) return false;
    this.index++;
    return true;
  }

  private property(): Cql2Property {
    const token = this.peek();
    if (token.kind === 'quoted' || (token.kind === 'ident' && !KEYWORDS.has(token.text.toUpperCase()))) {
      this.index++;
      return { name: token.text, at: token.at };
    }
    throw filterError(this.text, token.at, `expected a property name, got '${token.text || 'the end'}'`, 'start each condition with a queryable of the collection (GET .../queryables)');
  }

  private literal(): Cql2Literal {
    const token = this.peek();
    this.index++;
    const at = token.at;
    if (token.kind === 'string') return { kind: 'string', value: token.text, at };
    if (token.kind === 'number') return { kind: 'number', value: Number(token.text), at };
    const word = token.kind === 'ident' ? token.text.toUpperCase() : '';
    if (word === 'TRUE' || word === 'FALSE') return { kind: 'boolean', value: word === 'TRUE', at };
    if (word === 'DATE') {
      this.expectPunct('(', "DATE takes a date in parentheses: DATE('2024-05-01')");
      const date = this.peek();
      if (date.kind !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date.text)) throw filterError(this.text, date.at, 'DATE needs a text date', "write DATE('YYYY-MM-DD')");
      this.index++;
      this.expectPunct(')', 'close DATE(...)');
      return { kind: 'date', value: date.text, at };
    }
    throw filterError(this.text, token.at, `expected a literal, got '${token.text || 'the end'}'`, "use 'text', a number, TRUE, FALSE or DATE('YYYY-MM-DD')");
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private isKeyword(word: string): boolean {
    const token = this.peek();
    return token.kind === 'ident' && token.text.toUpperCase() === word;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.index++;
    return true;
  }

  private expectPunct(punct: string, allowed: string): void {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== punct) throw filterError(this.text, token.at, `expected '${punct}', got '${token.text || 'the end'}'`, allowed);
    this.index++;
  }
}
