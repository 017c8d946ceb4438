/**
 * npm run bench:nl: how long interpreting a query takes (the search itself not counted), over the
 * corpus, after the gazetteer is loaded the way search-svc loads it. A benchmark, not a test: it
 * prints figures. Needs a database with geocode's places (the stack of npm start, or DATABASE_URL).
 *
 * Environment: DATABASE_URL (run-cli.sh fills it from the local stack), BENCH_ROUNDS (20).
 */
import 'reflect-metadata';
import { AppError } from '@lp/contracts';
import { createSchemaDataSource } from '@lp/db';
import { loadNamedFeatures } from '../anchors/named-features.repository.js';
import type { NamedFeatures } from '../anchors/named-features.js';
import { CORPUS } from '../corpus/corpus.js';
import { interpret } from '../interpreter.js';
import { REGION_ALIASES } from '../lexicon/region-aliases.js';
import { Gazetteer } from '../places/gazetteer.js';
import { PlacesRepository, versionStamp } from '../places/places.repository.js';

const WARMUP_ROUNDS = 3;

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set and no local stack was found (npm start, or set DATABASE_URL to a database with geocode_pub.places)');
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 20);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_ROUNDS must be a positive integer, not ${process.env['BENCH_ROUNDS']}`);
  const db = createSchemaDataSource({ url, schema: 'search', applicationName: 'bench-nl', poolSize: 1 });
  await db.initialize();
  let gazetteer: Gazetteer;
  let features: NamedFeatures;
  const loadStarted = performance.now();
  try {
    const repository = new PlacesRepository(db);
    const [version, rows] = await Promise.all([repository.version(), repository.places()]);
    const built = performance.now();
    gazetteer = new Gazetteer(rows, REGION_ALIASES, versionStamp(version));
    features = await loadNamedFeatures(db);
    console.log(`named features: ${features.size} names`);
    console.log(`gazetteer: ${rows.length} places read in ${Math.round(built - loadStarted)} ms, indexed in ${Math.round(performance.now() - built)} ms (${gazetteer.units.size} units, ${gazetteer.localityCount} localities)`);
  } finally {
    await db.destroy();
  }
  if (gazetteer.units.size === 0) throw new Error('geocode_pub.places has no units: load the places first (npm run places -- load)');

  const once = (query: string): number => {
    const started = performance.now();
    try {
      interpret(query, {}, gazetteer, features);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return performance.now() - started;
  };
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const item of CORPUS) once(item.q);
  const times: number[] = [];
  const worst = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    for (const item of CORPUS) {
      const ms = once(item.q);
      times.push(ms);
      worst.set(item.q, Math.max(worst.get(item.q) ?? 0, ms));
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;
  console.log(`interpretation of ${CORPUS.length} corpus queries x ${rounds} rounds (${times.length} runs, after ${WARMUP_ROUNDS} warm-up rounds):`);
  console.log(`  p50 ${fmt(percentile(sorted, 50))}   p95 ${fmt(percentile(sorted, 95))}   p99 ${fmt(percentile(sorted, 99))}   max ${fmt(sorted[sorted.length - 1]!)}`);
  console.log('  slowest queries (their worst run):');
  for (const [query, ms] of [...worst.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`    ${fmt(ms).padStart(9)}  ${query}`);
}

await main();
