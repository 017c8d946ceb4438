import { describe, expect, it } from '@jest/globals';
import { queryCallSites } from '@lp/testing/sql';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every file of apps/ and libs/ that sends SQL (a `.query(` call, found in its syntax tree) has its
 * SQL snapshot: `<file>.sql.spec.ts` beside it (describeSqlSnapshot, which also fails when one of the
 * file's query calls sent nothing) and the committed `sql/<file>.sql`. So a new repository, or a
 * query moved to a new file, cannot go unprinted. Files that need none say why below.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

const WITHOUT_SNAPSHOT: Record<string, string> = {
  'libs/db/src/migrate.ts': 'the migration runner: the extension and schemas before the migrations',
  'libs/db/src/database.module.ts': 'the readiness ping, SELECT 1',
  'apps/gateway/src/db/gateway-store.module.ts': 'the readiness ping of the key database, SELECT 1',
  'libs/db/src/read-replica/lag-tolerant-reads.ts':
    "routes other files' statements to the replica or the primary (their snapshots print them); its own two read one WAL position each (pg_current_wal_lsn, pg_last_wal_replay_lsn), run by read-replica.int-spec",
};

/** Migrations are reviewed as they are written (DDL run once); benchmarks and test helpers send what they measure or arrange. */
const NOT_SCANNED = [/\/db\/migrations\//, /\/bench\//, /^libs\/testing\//, /\.(spec|int-spec|e2e-spec)\.ts$/, /\.d\.ts$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function filesSendingSql(): string[] {
  const roots = ['apps', 'libs'].flatMap((top) => readdirSync(join(ROOT, top)).map((name) => join(ROOT, top, name, 'src')));
  return roots
    .filter((root) => existsSync(root))
    .flatMap(sourceFiles)
    .filter((file) => !NOT_SCANNED.some((pattern) => pattern.test(relative(ROOT, file))))
    .filter((file) => queryCallSites(file).length > 0);
}

describe('SQL snapshots', () => {
  const files = filesSendingSql();

  it('cover every file that sends SQL', () => {
    const missing = files
      .filter((file) => !(relative(ROOT, file) in WITHOUT_SNAPSHOT))
      .flatMap((file) => {
        const stem = basename(file, '.ts');
        const needed = [join(dirname(file), `${stem}.sql.spec.ts`), join(dirname(file), 'sql', `${stem}.sql`)];
        return needed.filter((path) => !existsSync(path)).map((path) => `${relative(ROOT, file)} sends SQL but has no ${relative(ROOT, path)}`);
      });
    expect(missing).toEqual([]);
    // the scan still finds what it should: a repository's query calls are not missed unnoticed
    expect(files.length).toBeGreaterThan(30);
  });

  it('list as needing none only files that do send SQL', () => {
    const sending = new Set(files.map((file) => relative(ROOT, file)));
    expect(Object.keys(WITHOUT_SNAPSHOT).filter((file) => !sending.has(file))).toEqual([]);
  });
});
