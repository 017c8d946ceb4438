import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
it('reads', () => {
  expect(readFileSync('apps/parcel-svc/src/facts/facts.repository.ts', 'utf8').length).toBeGreaterThan(0);
});
