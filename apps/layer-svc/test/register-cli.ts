import { runAppCli, type AppCliRun } from '@lp/testing';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** The fixtures in the registers' published formats (see fixtures/registers/README.md). */
export const REGISTERS = join(import.meta.dirname, 'fixtures', 'registers');

/** `npm run layers -- refresh <layer> --profile <profile> --source <source>` as the CronJobs run it. */
export function refreshThroughProfile(databaseUrl: string, layer: string, profile: string, source: string, extra: string[] = []): Promise<AppCliRun> {
  return runAppCli('layer-svc', 'refresh/layers.cli.js', ['refresh', layer, '--profile', profile, '--source', source, ...extra], { databaseUrl, timeoutMs: 180_000 });
}

/** A copy of a fixture in a scratch directory, changed by `edit` (a broken or altered source). */
export function alteredCopy(fixture: string, edit: (bytes: Buffer) => Buffer | string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'lp-register-')), basename(fixture));
  copyFileSync(fixture, path);
  writeFileSync(path, edit(readFileSync(path)));
  return path;
}

/** A profile of the repository written to a file with some of its mapping replaced (an operator's own profile). */
export function profileFile(profile: object): string {
  const path = join(mkdtempSync(join(tmpdir(), 'lp-profile-')), 'profile.json');
  writeFileSync(path, JSON.stringify(profile));
  return path;
}
