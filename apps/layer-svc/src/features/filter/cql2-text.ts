import { AppError } from '@lp/contracts';

/**
 * A CQL2 text filter (OGC API - Features Part 3) as a tree: basic comparison, LIKE, BETWEEN, IN,
 * IS NULL, AND/OR/NOT. Spatial and temporal functions are not part of what we accept.
 */
/** `at`: where the literal starts in the filter text, for error messages. */
export type Cql2Literal = ({ kind: 'string'; value: string } | { kind: 'number'; value: number } | { kind: 'boolean'; value: boolean } | { kind: 'date'; value: string }) & { at: number };
export interface Cql2Property {
  name: string;
  /** Where the name starts in the filter text (0-based), for error messages. */
  at: number;
}
export type Cql2Node =
  | { op: 'and' | 'or'; args: Cql2Node[] }
  | { op: 'not'; arg: Cql2Node }
  | { op: '=' | '<>' | '<' | '<=' | '>' | '>='; property: Cql2Property; value: Cql2Literal; at: number }
  | { op: 'like'; property: Cql2Property; pattern: string; negated: boolean; at: number }
  | { op: 'between'; property: Cql2Property; low: Cql2Literal; high: Cql2Literal; negated: boolean; at: number }
  | { op: 'in'; property: Cql2Property; values: Cql2Literal[]; negated: boolean; at: number }
  | { op: 'isNull'; property: Cql2Property; negated: boolean };

export const CQL2_SUMMARY =
  "CQL2 text: <property> = | <> | < | <= | > | >= <literal>, <property> [NOT] LIKE '<pattern>', [NOT] BETWEEN <a> AND <b>, [NOT] IN (<a>, ...), IS [NOT] NULL, " +
  "combined with AND, OR, NOT and parentheses; literals are 'text', numbers, TRUE/FALSE and DATE('YYYY-MM-DD')";

type TokenKind = 'ident' | 'quoted' | 'string' | 'number' | 'op' | 'punct' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  at: number;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'LIKE', 'BETWEEN', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'DATE']);
const MAX_DEPTH = 20;

export function parseCql2Text(text: string): Cql2Node {
  const parser = new Parser(text, tokenize(text));
  const node = parser.expression(0);
  parser.expectEnd();
  return node;
}

/** A 400 that names the offending token and its position, and says what is allowed there. */
export function filterError(text: string, at: number, problem: string, allowed: string): AppError {
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
