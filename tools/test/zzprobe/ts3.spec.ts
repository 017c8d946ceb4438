import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
it('parses', () => {
  const s = ts.createSourceFile('f.ts', readFileSync('apps/parcel-svc/src/facts/facts.repository.ts', 'utf8'), ts.ScriptTarget.Latest, true);
  expect(s.statements.length).toBeGreaterThan(0);
});
