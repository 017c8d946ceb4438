import { GEOMETRY_PROPERTY } from './cql2-geometry.js';
import { TokenCursor, tokenize } from './cql2-tokens.js';
import { filterError, type Cql2Literal, type Cql2Node, type Cql2Property } from './cql2-tree.js';
import { isGeometryStart, readGeometry } from './cql2-wkt.js';

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'LIKE', 'BETWEEN', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'DATE', 'S_INTERSECTS']);
const MAX_DEPTH = 20;

/** CQL2 text (filter-lang=cql2-text, and cql-text, its draft name) into the filter tree. */
export function parseCql2Text(text: string): Cql2Node {
  const parser = new Parser(new TokenCursor(text, tokenize(text)));
  const node = parser.expression(0);
  parser.expectEnd();
  return node;
}

class Parser {
  constructor(private readonly tokens: TokenCursor) {}

  expression(depth: number): Cql2Node {
    if (depth > MAX_DEPTH) throw filterError(this.tokens.text, this.tokens.peek().at, 'the filter nests too deeply', `at most ${MAX_DEPTH} levels of parentheses and NOT`);
    const args = [this.conjunction(depth)];
    while (this.tokens.isKeyword('OR')) {
      this.tokens.next();
      args.push(this.conjunction(depth));
    }
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }

  expectEnd(): void {
    const token = this.tokens.peek();
    if (token.kind !== 'end') throw filterError(this.tokens.text, token.at, `unexpected '${token.text}'`, 'expected AND, OR or the end of the filter');
  }

  private conjunction(depth: number): Cql2Node {
    const args = [this.negation(depth)];
    while (this.tokens.isKeyword('AND')) {
      this.tokens.next();
      args.push(this.negation(depth));
    }
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }

  private negation(depth: number): Cql2Node {
    if (this.tokens.isKeyword('NOT')) {
      this.tokens.next();
      return { op: 'not', arg: this.negation(depth + 1) };
    }
    if (this.tokens.peek().text === '(' && this.tokens.peek().kind === 'punct') {
      this.tokens.next();
      const inner = this.expression(depth + 1);
      this.tokens.expectPunct(')', 'close the parenthesis');
      return inner;
    }
    return this.predicate();
  }

  private predicate(): Cql2Node {
    if (this.tokens.isKeyword('S_INTERSECTS')) return this.spatial();
    const property = this.property();
    const token = this.tokens.peek();
    if (token.kind === 'op') {
      this.tokens.next();
      return { op: token.text as '=' | '<>' | '<' | '<=' | '>' | '>=', property, value: this.literal(), at: token.at };
    }
    if (this.tokens.isKeyword('IS')) {
      this.tokens.next();
      const negated = this.tokens.acceptKeyword('NOT');
      if (!this.tokens.acceptKeyword('NULL')) throw filterError(this.tokens.text, this.tokens.peek().at, 'IS must be followed by NULL or NOT NULL', 'write IS NULL or IS NOT NULL');
      return { op: 'isNull', property, negated };
    }
    const negated = this.tokens.acceptKeyword('NOT');
    const keyword = this.tokens.peek();
    if (this.tokens.acceptKeyword('LIKE')) {
      const pattern = this.tokens.peek();
      if (pattern.kind !== 'string') throw filterError(this.tokens.text, pattern.at, 'LIKE needs a text pattern', "write LIKE 'text%' (% any text, _ one character)");
      this.tokens.next();
      return { op: 'like', property, pattern: pattern.text, negated, at: keyword.at };
    }
    if (this.tokens.acceptKeyword('BETWEEN')) {
      const low = this.literal();
      if (!this.tokens.acceptKeyword('AND')) throw filterError(this.tokens.text, this.tokens.peek().at, 'BETWEEN needs AND between its bounds', 'write BETWEEN <low> AND <high>');
      return { op: 'between', property, low, high: this.literal(), negated, at: keyword.at };
    }
    if (this.tokens.acceptKeyword('IN')) {
      this.tokens.expectPunct('(', 'IN takes a list in parentheses');
      const values = [this.literal()];
      while (this.tokens.peek().text === ',' && this.tokens.peek().kind === 'punct') {
        this.tokens.next();
        values.push(this.literal());
      }
      this.tokens.expectPunct(')', 'close the IN list');
      return { op: 'in', property, values, negated, at: keyword.at };
    }
    throw filterError(this.tokens.text, keyword.at, `expected an operator after ${property.name}, got '${keyword.text || 'the end'}'`, 'use =, <>, <, <=, >, >=, LIKE, BETWEEN, IN or IS NULL');
  }

  /** S_INTERSECTS(<geometry property>, <spatial literal>), arguments in either order. */
  private spatial(): Cql2Node {
    const at = this.tokens.peek().at;
    this.tokens.next();
    this.tokens.expectPunct('(', `S_INTERSECTS takes two arguments in parentheses: S_INTERSECTS(${GEOMETRY_PROPERTY}, POLYGON((...)))`);
    const literalFirst = isGeometryStart(this.tokens);
    const geometry = literalFirst ? readGeometry(this.tokens) : undefined;
    if (literalFirst) this.tokens.expectPunct(',', 'separate the arguments of S_INTERSECTS with a comma');
    const property = this.property();
    if (!literalFirst) this.tokens.expectPunct(',', 'separate the arguments of S_INTERSECTS with a comma');
    const literal = geometry ?? readGeometry(this.tokens);
    this.tokens.expectPunct(')', 'close S_INTERSECTS(...)');
    return { op: 's_intersects', property, geometry: literal, at };
  }

  private property(): Cql2Property {
    const token = this.tokens.peek();
    if (token.kind === 'quoted' || (token.kind === 'ident' && !KEYWORDS.has(token.text.toUpperCase()))) {
      this.tokens.next();
      return { name: token.text, at: token.at };
    }
    throw filterError(this.tokens.text, token.at, `expected a property name, got '${token.text || 'the end'}'`, 'start each condition with a queryable of the collection (GET .../queryables)');
  }

  private literal(): Cql2Literal {
    const token = this.tokens.peek();
    this.tokens.next();
    const at = token.at;
    if (token.kind === 'string') return { kind: 'string', value: token.text, at };
    if (token.kind === 'number') return { kind: 'number', value: Number(token.text), at };
    const word = token.kind === 'ident' ? token.text.toUpperCase() : '';
    if (word === 'TRUE' || word === 'FALSE') return { kind: 'boolean', value: word === 'TRUE', at };
    if (word === 'DATE') {
      this.tokens.expectPunct('(', "DATE takes a date in parentheses: DATE('2024-05-01')");
      const date = this.tokens.peek();
      if (date.kind !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date.text)) throw filterError(this.tokens.text, date.at, 'DATE needs a text date', "write DATE('YYYY-MM-DD')");
      this.tokens.next();
      this.tokens.expectPunct(')', 'close DATE(...)');
      return { kind: 'date', value: date.text, at };
    }
    throw filterError(this.tokens.text, token.at, `expected a literal, got '${token.text || 'the end'}'`, "use 'text', a number, TRUE, FALSE or DATE('YYYY-MM-DD')");
  }

}
