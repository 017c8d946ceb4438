import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIND_FEATURE_SQL } from './parcel.repository.js';

describe('printed SQL of the parcel repository', () => {
  it('matches the committed sql/find-feature.sql (regenerate it when the query changes on purpose)', () => {
    const path = join(import.meta.dirname, 'sql', 'find-feature.sql');
    expect(readFileSync(path, 'utf8')).toBe(`${FIND_FEATURE_SQL}\n`);
  });
});
