import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Subjects carry their request and reply types (libs/contracts `defineSubject`): a caller or a
 * handler that disagrees with its subject must not compile. typecheck/typed-subjects.ts holds such
 * mismatches, each under @ts-expect-error; tsc fails if any of them compiles after all.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('typed subjects', () => {
  it('refuses callers and handlers whose types disagree with the subject', () => {
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tools/test/typecheck/tsconfig.json')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect({ status: tsc.status, output: tsc.stdout + tsc.stderr }).toEqual({ status: 0, output: '' });
  });
});
