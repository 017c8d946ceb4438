import { filterError } from './cql2-tree.js';

/**
 * CQL2 text as tokens, and a cursor over them with the small steps every reader of the text takes
 * (peek, accept, expect); the filter grammar and the WKT geometry reader share it.
 */
export type TokenKind = 'ident' | 'quoted' | 'string' | 'number' | 'op' | 'punct' | 'end';
export interface Token {
  kind: TokenKind;
  text: string;
  at: number;
}


export function tokenize(text: string): Token[] {
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

export class TokenCursor {
  private index = 0;

  constructor(
    readonly text: string,
    private readonly tokens: Token[],
  ) {}

  peek(): Token {
    return this.tokens[this.index]!;
  }

  next(): Token {
    return this.tokens[this.index++]!;
  }

  isKeyword(word: string): boolean {
    const token = this.peek();
    return token.kind === 'ident' && token.text.toUpperCase() === word;
  }

  acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.index++;
    return true;
  }

  acceptPunct(punct: string): boolean {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== punct) return false;
    this.index++;
    return true;
  }

  expectPunct(punct: string, allowed: string): void {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== punct) throw filterError(this.text, token.at, `expected '${punct}', got '${token.text || 'the end'}'`, allowed);
    this.index++;
  }

  number(): number {
    const token = this.peek();
    if (token.kind !== 'number') throw filterError(this.text, token.at, `expected a number, got '${token.text || 'the end'}'`, 'coordinates are numbers');
    this.index++;
    return Number(token.text);
  }
}
