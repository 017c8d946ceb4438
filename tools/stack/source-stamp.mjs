// Prints a hash of the sources and data a program's output depends on, so that generated things (the
// test template databases, the demo dataset) are rebuilt only when one of them changed:
//   - the source closure of each entry: every TypeScript file it imports, followed through relative
//     imports and `@lp/<lib>` barrels, plus the non-TypeScript files (SQL, JSON) beside those files
//     and in their sql/ folders, which code reads at run time (packages: through package-lock.json);
//   - the extra files named with --file, and every file of the --data-dir;
//   - the Node.js version.
// Plain JavaScript with no dependency, so it runs before anything is built. SOURCE_STAMP_LIST=1
// lists the files hashed on stderr.
//
//   node tools/stack/source-stamp.mjs --root <repo> [--data-dir <dir>] --entry <file.ts>... [--file <path>...]
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;

function parseArgs(argv) {
  const args = { root: process.cwd(), dataDir: undefined, entries: [], files: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`source-stamp: ${flag} needs a value`);
    if (flag === '--root') args.root = resolve(value);
    else if (flag === '--data-dir') args.dataDir = resolve(value);
    else if (flag === '--entry') args.entries.push(value);
    else if (flag === '--file') args.files.push(value);
    else throw new Error(`source-stamp: unknown argument ${flag}`);
  }
  return args;
}

/** The .ts file an import specifier names, or undefined for a package of node_modules. */
function resolveImport(root, fromFile, specifier) {
  const lib = /^@lp\/([a-z-]+)$/.exec(specifier);
  if (lib) return join(root, 'libs', lib[1], 'src', 'index.ts');
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts'), base];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function sourceClosure(root, entries) {
  const seen = new Set();
  const pending = entries.map((entry) => resolve(root, entry));
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`source-stamp: ${relative(root, file)} does not exist`);
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
      const target = resolveImport(root, file, match[1]);
      if (target && !seen.has(target)) pending.push(target);
    }
  }
  return seen;
}

/** Non-TypeScript files beside a source file and in its sql/ folder (read at run time). */
function assetsBeside(dirs) {
  const assets = new Set();
  for (const dir of dirs) {
    for (const folder of [dir, join(dir, 'sql')]) {
      if (!existsSync(folder)) continue;
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isFile() && !entry.name.endsWith('.ts') && !entry.name.endsWith('.md')) assets.add(join(folder, entry.name));
      }
    }
  }
  return assets;
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const closure = sourceClosure(args.root, args.entries);
  const sources = [...closure].filter((file) => !TEST_FILE.test(file));
  const files = new Set([
    ...sources,
    ...assetsBeside(new Set(sources.map((file) => dirname(file)))),
    ...args.files.map((file) => resolve(args.root, file)),
  ]);
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(`${relative(args.root, file)}\0`).update(readFileSync(file)).update('\0');
  if (args.dataDir) {
    for (const file of filesUnder(args.dataDir).sort()) hash.update(`data/${relative(args.dataDir, file)}\0`).update(readFileSync(file)).update('\0');
  }
  hash.update(`node ${process.version}\0`);
  process.stdout.write(`${hash.digest('hex').slice(0, 16)}\n`);
  if (process.env['SOURCE_STAMP_LIST']) for (const file of [...files].sort()) process.stderr.write(`${relative(args.root, file)}\n`);
}

main();
