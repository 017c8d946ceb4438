import { readFileSync } from 'node:fs';
import { parseSync } from 'rolldown/utils';

/** A `.query(` call in a source file: its line and the function or method it is in. */
export interface QueryCallSite {
  line: number;
  within: string;
}

/** An ESTree node as Oxc's parser gives it: a type, its offsets, and child nodes under any key. */
interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

/**
 * Every call of a `query` method on something other than `this` (a DataSource, EntityManager,
 * QueryRunner or pg client): the statements a file sends. Found in the syntax tree, so comments,
 * strings and a class's own method named `query` do not count. Parsed with Oxc's parser rather than
 * TypeScript's: every SQL-snapshot spec runs this, and loading TypeScript cost each of them ~0.7 s.
 */
export function queryCallSites(file: string): QueryCallSite[] {
  const text = readFileSync(file, 'utf8');
  const parsed = parseSync(file, text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts', sourceType: 'module' });
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors.map((error) => error.message).join('; ')}`);
  const lineStarts = lineStartOffsets(text);
  const sites: QueryCallSite[] = [];
  const visit = (node: AstNode, ancestors: AstNode[]): void => {
    const property = queryProperty(node);
    if (property) sites.push({ line: lineOf(lineStarts, property.start), within: enclosingName(ancestors, text) });
    const inside = [...ancestors, node];
    for (const child of children(node)) visit(child, inside);
  };
  visit(parsed.program as unknown as AstNode, []);
  return sites.sort((a, b) => a.line - b.line);
}

/** The `query` of `<something>.query(...)`, `<something>` not being `this`. */
function queryProperty(node: AstNode): AstNode | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const callee = node['callee'] as AstNode;
  if (callee.type !== 'MemberExpression' || callee['computed']) return undefined;
  const property = callee['property'] as AstNode;
  if (property.type !== 'Identifier' || property['name'] !== 'query') return undefined;
  return (callee['object'] as AstNode).type === 'ThisExpression' ? undefined : property;
}

/** The innermost method, function declaration or getter around a node (arrows and setters are looked through). */
function enclosingName(ancestors: AstNode[], text: string): string {
  for (let index = ancestors.length - 1; index >= 0; index--) {
    const at = ancestors[index]!;
    if (at.type === 'FunctionDeclaration' && at['id']) return (at['id'] as AstNode)['name'] as string;
    const isMethod =
      at.type === 'MethodDefinition' || at.type === 'TSAbstractMethodDefinition' || (at.type === 'Property' && (at['method'] || at['kind'] === 'get'));
    if (!isMethod) continue;
    if (at['kind'] === 'constructor') return 'constructor';
    if (at['kind'] === 'set') continue;
    const key = at['key'] as AstNode;
    const name = text.slice(key.start, key['end'] as number);
    return at['computed'] ? `[${name}]` : name;
  }
  return '(module)';
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) found.push(item);
    } else if (isNode(value)) found.push(value);
  }
  return found;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** 1-based line of an offset (Oxc's offsets count UTF-16 units, as JavaScript strings do). */
function lineOf(lineStarts: number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
