/**
 * npm run bench:facts: the facts read-model build of the largest gminas, timed two ways.
 *  - plain: one (gmina, block) after another, each phase timed apart: the raw-fact query, the
 *    composition by the block's rules (TypeScript), the store (what the builder did before it became set-based);
 *  - builder: FactsBuilder.rebuild, FACTS_BUILD_CONCURRENCY gminas at once (as parcel-svc builds).
 * Prints milliseconds per parcel per block for each, the ratio plain / builder and the peak memory of
 * each (the plain way holds a whole gmina's block, the builder a page of it). Both write the
 * same facts into parcel.facts of the stack they run against (the facts int-spec proves them equal).
 * A benchmark, not a test: it prints figures.
 *
 * Environment: DATABASE_URL (from the local stack of npm start), BENCH_GMINAS (how many of the
 * largest gminas, default 5, or a comma-separated list of TERYT codes), FACTS_BUILD_CONCURRENCY (2),
 * FACTS_BUILD_PAGE_PARCELS (500).
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSchemaDataSource } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { ParcelSvcEnv } from '../config/parcel-svc.env.js';
import { FACT_BLOCKS, type FactBlock } from '../facts/fact-blocks.js';
import { FactsBuilder } from '../facts/facts-builder.service.js';
import { FactsRepository } from '../facts/facts.repository.js';
import { plainBuild, type PhaseTimes } from './plain-facts-build.js';

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set and no local stack was found (npm start)');
  const env = loadEnv(ParcelSvcEnv, { ...process.env, NATS_URL: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222' });
  Logger.overrideLogger(['error', 'warn']);
  const db = createSchemaDataSource({ url, schema: 'parcel', applicationName: 'bench-facts', poolSize: env.FACTS_BUILD_CONCURRENCY + 1 });
  await db.initialize();
  try {
    const facts = new FactsRepository(db);
    const teryts = await benchGminas(db.query.bind(db));
    const counts: Array<{ n: string }> = await db.query(`SELECT count(*) AS n FROM layer_pub.parcels WHERE teryt = ANY($1::text[])`, [teryts]);
    const parcels = Number(counts[0]!.n);
    console.log(`facts build of ${teryts.length} gminas (${teryts.join(', ')}), ${parcels} parcels, ${FACT_BLOCKS.length} blocks`);

    const phases = new Map<FactBlock, PhaseTimes>();
    const plainStarted = performance.now();
    const plainPeak = await peakMemory(async () => {
      for (const teryt of teryts) {
        for (const block of FACT_BLOCKS) add(phases, block, await plainBuild(facts, teryt, block));
      }
    });
    const plainMs = performance.now() - plainStarted;

    const builderStarted = performance.now();
    const builderPeak = await peakMemory(() => new FactsBuilder(facts, env).rebuild(teryts));
    const builderMs = performance.now() - builderStarted;

    const perParcelBlock = (ms: number): string => (ms / (parcels * FACT_BLOCKS.length)).toFixed(4);
    console.log('\nplain, per block (ms per parcel: query / compose / store)');
    for (const [block, t] of phases) {
      console.log(`  ${block.padEnd(12)} ${(t.queryMs / parcels).toFixed(4)} / ${(t.composeMs / parcels).toFixed(4)} / ${(t.storeMs / parcels).toFixed(4)}`);
    }
    console.log(`\nplain:   ${perParcelBlock(plainMs)} ms per parcel per block (${(plainMs / 1000).toFixed(1)} s)`);
    console.log(`builder: ${perParcelBlock(builderMs)} ms per parcel per block (${(builderMs / 1000).toFixed(1)} s, ${env.FACTS_BUILD_CONCURRENCY} gminas at once)`);
    console.log(`ratio plain / builder: ${(plainMs / builderMs).toFixed(2)}`);
    console.log(`\npeak memory of this process (RSS / V8 heap in use, MB; the builder as parcel-svc runs it):`);
    console.log(`  plain (a whole gmina's block at once): ${plainPeak.rssMb} / ${plainPeak.heapMb}`);
    console.log(`  builder (${env.FACTS_BUILD_PAGE_PARCELS} parcels a page, ${env.FACTS_BUILD_CONCURRENCY} gminas at once): ${builderPeak.rssMb} / ${builderPeak.heapMb}`);
  } finally {
    await db.destroy();
  }
}

/** BENCH_GMINAS: a count of the largest gminas or a list of TERYT codes (one code alone too). */
async function benchGminas(query: (sql: string, values: unknown[]) => Promise<Array<{ teryt: string }>>): Promise<string[]> {
  const setting = process.env['BENCH_GMINAS'] ?? '5';
  // A count is a few digits; a gmina's TERYT code has seven.
  if (!/^\d{1,4}$/.test(setting)) return setting.split(',').map((t) => t.trim()).filter(Boolean);
  const rows = await query(`SELECT teryt FROM layer_pub.parcels GROUP BY teryt ORDER BY count(*) DESC, teryt LIMIT $1`, [Number(setting)]);
  return rows.map((row) => row.teryt);
}

/**
 * The largest resident set and V8 heap in use while `work` runs, sampled every 20 ms, after a full
 * collection so that one phase's garbage is not counted in the next.
 */
async function peakMemory(work: () => Promise<unknown>): Promise<{ rssMb: number; heapMb: number }> {
  collectGarbage();
  const peak = { rss: 0, heap: 0 };
  const sample = (): void => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heap = Math.max(peak.heap, heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { rssMb: Math.round(peak.rss / 2 ** 20), heapMb: Math.round(peak.heap / 2 ** 20) };
}

/** A full collection, whether or not node was started with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function add(into: Map<FactBlock, PhaseTimes>, block: FactBlock, times: PhaseTimes): void {
  const sum = into.get(block) ?? { queryMs: 0, composeMs: 0, storeMs: 0 };
  into.set(block, { queryMs: sum.queryMs + times.queryMs, composeMs: sum.composeMs + times.composeMs, storeMs: sum.storeMs + times.storeMs });
}

await main();
