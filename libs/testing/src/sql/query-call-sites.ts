import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** A `.query(` call in a source file: its line and the function or method it is in. */
export interface QueryCallSite {
  line: number;
  within: string;
}

/**
 * Every call of a `query` method on something other than `this` (a DataSource, EntityManager,
 * QueryRunner or pg client): the statements a file sends. Found in the syntax tree, so comments,
 * strings and a class's own method named `query` do not count.
 */
export function queryCallSites(file: string): QueryCallSite[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const sites: QueryCallSite[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'query' &&
      node.expression.expression.kind !== ts.SyntaxKind.ThisKeyword
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.expression.name.getStart(source));
      sites.push({ line: line + 1, within: enclosingName(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function enclosingName(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isMethodDeclaration(at) || ts.isFunctionDeclaration(at) || ts.isGetAccessor(at)) && at.name) return at.name.getText();
    if (ts.isConstructorDeclaration(at)) return 'constructor';
  }
  return '(module)';
}
