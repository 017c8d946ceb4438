import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { queryCallSites } from './query-call-sites.js';
import { RecordingDatabase, type CannedRows, type RecordedQuery } from './recording-database.js';

/** Set to 1 to rewrite the committed snapshots from what the code sends now. */
export const UPDATE_SQL_SNAPSHOTS = 'LP_UPDATE_SQL_SNAPSHOTS';

/**
 * Compares printed SQL with the committed file and fails with the diff and how to accept it. The file
 * is (re)written when LP_UPDATE_SQL_SNAPSHOTS=1, or when it is missing outside CI.
 */
export function expectSqlSnapshot(path: string, printed: string): void {
  const update = process.env[UPDATE_SQL_SNAPSHOTS] === '1';
  if (update || (!existsSync(path) && !process.env['CI'])) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, printed);
  }
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';
  try {
    // expected: the committed file; received: what the code sends now
    expect(printed).toBe(committed);
  } catch (error) {
    const hint = `${relative(process.cwd(), path)} is not the SQL the code sends now. When the change is meant, rerun with ${UPDATE_SQL_SNAPSHOTS}=1 and review the SQL diff.\n\n`;
    if (error instanceof Error) error.message = hint + error.message;
    throw error;
  }
}

/** One statement as a snapshot shows it: its parameters as comments, then the SQL, dedented. */
export function printStatement(sql: string, params: readonly unknown[]): string {
  const values = params.map((value, index) => `-- $${index + 1} = ${printValue(value)}\n`).join('');
  return `${values}${dedent(sql)};\n`;
}

function printValue(value: unknown): string {
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  return JSON.stringify(value) ?? String(value);
}

/** Removes the indentation the SQL has from its place in the source, keeping its own. */
function dedent(sql: string): string {
  const lines = sql.replace(/[ \t]+$/gm, '').split('\n');
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const indents = lines.slice(1).filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length);
  const cut = Math.min(...indents, lines[0]!.length - lines[0]!.trimStart().length || Infinity);
  return lines.map((line, index) => (index === 0 ? line.trimStart() : line.slice(Math.min(cut, line.length - line.trimStart().length)))).join('\n');
}

/** What the snapshot calls, by label (the method name, and the case when there are several). */
export type SqlSnapshotCases = Record<string, () => Promise<unknown>>;

export interface SqlSnapshotOptions {
  /** The file whose SQL is printed (absolute): the snapshot is sql/<its name>.sql beside it. */
  source: string;
  /** The calls that send every statement of the file, made on a recording stand-in for the database. */
  cases: (db: RecordingDatabase) => SqlSnapshotCases;
  /** Rows the stand-in answers, where the code needs some to go on (none by default). */
  rows?: CannedRows;
}

/**
 * The snapshot of a repository (or any file that sends SQL): each case is called on a
 * RecordingDatabase, the statements it sent are printed under its label into sql/<file>.sql, and
 * that file must equal the committed one, so a query change shows up as an SQL diff in review.
 * A second test fails when a `.query(` call of the file sent nothing in any case.
 */
export function describeSqlSnapshot({ source, cases, rows }: SqlSnapshotOptions): void {
  const file = basename(source);
  const path = join(dirname(source), 'sql', `${basename(source, '.ts')}.sql`);
  describe(`SQL sent by ${file}`, () => {
    const sent: Array<{ label: string; statements: RecordedQuery[] }> = [];
    beforeAll(async () => {
      const db = new RecordingDatabase(rows);
      for (const [label, call] of Object.entries(cases(db))) {
        try {
          await call();
        } catch (error) {
          throw new Error(`case "${label}" failed on the stand-in (does it need canned rows?): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        sent.push({ label, statements: db.take() });
      }
    });

    it(`matches the committed sql/${basename(path)}`, () => {
      expectSqlSnapshot(path, printSnapshot(file, sent));
    });

    it(`prints every query call of ${file}`, () => {
      const printedLines = new Set(sent.flatMap(({ statements }) => statements.filter((s) => s.site?.file === source).map((s) => s.site!.line)));
      const unprinted = queryCallSites(source)
        .filter((site) => !printedLines.has(site.line))
        .map((site) => `${file}:${site.line} (in ${site.within}) sent nothing in any case: add a case that reaches it`);
      expect(unprinted).toEqual([]);
    });
  });
}

function printSnapshot(file: string, sent: Array<{ label: string; statements: RecordedQuery[] }>): string {
  const header = `-- The SQL ${file} sends, printed by its .sql.spec.ts on a recording stand-in for the database.\n-- Regenerate with ${UPDATE_SQL_SNAPSHOTS}=1 when a change is meant, and review the diff.\n`;
  const entries = sent.flatMap(({ label, statements }) => {
    if (statements.length === 0) return [`-- ${label}: no statement\n`];
    return statements.map((s, index) => `-- ${label}${statements.length > 1 ? ` (${index + 1} of ${statements.length})` : ''}\n${printStatement(s.sql, s.params)}`);
  });
  return [header, ...entries].join('\n');
}
