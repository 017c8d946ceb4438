/**
 * Demo-data generator (DATA.md "Demo dataset"; output contract: SOURCE-FORMAT.md).
 *
 *   node tools/dist/demo/generate.js --out <dir> [--scale small|demo] [--data-dir ../shared/data]
 *        [--only layer1,layer2] [--seed S] [--as-of YYYY-MM-DD] [--scratch demo_gen] [--keep-scratch]
 *
 * Runs the generator families (generate/families.ts) in dependency order against PostGIS
 * (DATABASE_URL; else the dev stack's port from .stack/dev/ports.env), working in a scratch schema
 * that is dropped at the end, and writes GeoJSONSeq layers with their sidecars and manifest.json.
 * Same inputs (data files, seed, scale, as-of date, PostGIS version) -> byte-identical files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AS_OF, DEFAULT_SEED, demoGminas, SCALES, type Scale } from './demo-area.js';
import { createPool, createScratch, dropScratch, assertIdentifier, withSchema } from './generate/db.js';
import { FAMILIES, orderFamilies } from './generate/families.js';
import type { GeneratorContext } from './generate/family.js';
import { randomSource } from './generate/random.js';
import { OutputWriter } from './generate/writer.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Args {
  out: string;
  scale: Scale;
  dataDir: string;
  only: Set<string> | null;
  seed: string;
  asOf: string;
  scratch: string;
  keepScratch: boolean;
}

function usage(message?: string): never {
  if (message) console.error(`generate: ${message}`);
  console.error(
    'usage: node tools/dist/demo/generate.js --out <dir> [--scale small|demo] [--data-dir ../shared/data] [--only a,b] [--seed S] [--as-of YYYY-MM-DD] [--scratch demo_gen] [--keep-scratch]',
  );
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--keep-scratch' || a === '--help' || a === '-h') {
      flags.add(a);
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (!m) usage(`unexpected argument ${a}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) usage(`${a} needs a value`);
    values.set(m[1]!, value);
  }
  if (flags.has('--help') || flags.has('-h')) usage();
  const known = new Set(['out', 'scale', 'data-dir', 'only', 'seed', 'as-of', 'scratch']);
  for (const k of values.keys()) if (!known.has(k)) usage(`unknown option --${k}`);
  const scale = (values.get('scale') ?? 'demo') as Scale;
  if (!SCALES.includes(scale)) usage(`--scale must be one of ${SCALES.join(', ')}`);
  const asOf = values.get('as-of') ?? DEFAULT_AS_OF;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) usage('--as-of must be YYYY-MM-DD');
  const only = values.get('only');
  return {
    out: path.resolve(values.get('out') ?? path.join(ROOT, '.stack/demo-data', scale)),
    scale,
    dataDir: path.resolve(values.get('data-dir') ?? process.env['LP_DATA_DIR'] ?? path.join(ROOT, '../shared/data')),
    only: only ? new Set(only.split(',').map((s) => s.trim()).filter(Boolean)) : null,
    seed: values.get('seed') ?? DEFAULT_SEED,
    asOf,
    scratch: assertIdentifier(values.get('scratch') ?? 'demo_gen'),
    keepScratch: flags.has('--keep-scratch'),
  };
}

function databaseUrl(): string {
  const url = process.env['DATABASE_URL'];
  if (url) return url;
  const ports = path.join(ROOT, '.stack/dev/ports.env');
  if (fs.existsSync(ports)) {
    const port = /^PG_PORT=(\d+)$/m.exec(fs.readFileSync(ports, 'utf8'))?.[1];
    if (port) return `postgres://postgres@127.0.0.1:${port}/landparcel`;
  }
  throw new Error('DATABASE_URL is not set and no dev stack was found (npm start)');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(args.dataDir, 'admin/teryt-current/gminy.geojson'))) {
    throw new Error(`no shared data in ${args.dataDir} (use --data-dir)`);
  }
  const log = (message: string): void => {
    process.stderr.write(`${message}\n`);
  };
  const started = process.hrtime.bigint();
  const elapsed = (): string => `${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`;
  const db = createPool(databaseUrl(), args.seed);
  if (process.env['DEMO_GEN_PROFILE']) {
    // log statements slower than a second (tuning aid)
    const query = db.query.bind(db) as (...a: unknown[]) => Promise<unknown>;
    (db as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = async (...a: unknown[]) => {
      const t0 = Date.now();
      const result = await query(...a);
      const ms = Date.now() - t0;
      if (ms > 1000) log(`    slow ${(ms / 1000).toFixed(1)} s: ${String(a[0]).replace(/\s+/g, ' ').slice(0, 140)}`);
      return result;
    };
  }
  const out = new OutputWriter(args.out, args.only, log);
  const families = orderFamilies(FAMILIES, args.only);
  log(`generate: scale ${args.scale}, seed ${args.seed}, as of ${args.asOf} -> ${args.out}`);
  log(`generate: families ${families.map((f) => f.name).join(', ')}`);
  const ctx: GeneratorContext = {
    db,
    scratch: args.scratch,
    out,
    area: demoGminas(args.scale),
    scale: args.scale,
    dataDir: args.dataDir,
    seed: args.seed,
    random: randomSource(args.seed),
    asOf: args.asOf,
    sql: withSchema(args.scratch),
    log,
  };
  try {
    await createScratch(db, args.scratch);
    for (const family of families) {
      const t0 = process.hrtime.bigint();
      log(`[${elapsed()}] ${family.name} ...`);
      await family.generate(ctx);
      log(`[${elapsed()}] ${family.name} done in ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s`);
    }
    out.writeManifest({ scale: args.scale, seed: args.seed, generated_at: `${args.asOf}T00:00:00Z` }, args.only !== null);
    const total = [...out.counts.values()].reduce((a, b) => a + b, 0);
    log(`generate: ${out.counts.size} files, ${total} features in ${elapsed()}`);
  } finally {
    if (!args.keepScratch) await dropScratch(db, args.scratch).catch(() => undefined);
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(`generate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
