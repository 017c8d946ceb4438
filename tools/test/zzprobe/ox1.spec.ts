import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseSync } from 'rolldown/utils';
it('parses', () => {
  const s = parseSync('f.ts', readFileSync('apps/parcel-svc/src/facts/facts.repository.ts', 'utf8'), { lang: 'ts' });
  expect(s.program.body.length).toBeGreaterThan(0);
});
