import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PROXIMITY_KINDS, PROXIMITY_MAX_M, type ProximityKind } from '@lp/contracts';
import { Logger } from '@nestjs/common';
import { createSchemaDataSource } from '@lp/db';
import { createTestDatabase, eventually, type TestDatabase } from '@lp/testing';
import type { DataSource } from 'typeorm';
import { composeBlock } from '../src/facts/fact-composer.js';
import { BLOCK_LAYERS, FACT_BLOCKS, type FactBlock } from '../src/facts/fact-blocks.js';
import { FactsBuilder } from '../src/facts/facts-builder.service.js';
import { FactsRepository, type RawFactRow } from '../src/facts/facts.repository.js';
import { DEFAULT_BUFFER_M, FactsService } from '../src/facts/facts.service.js';
import { SHARED_REF } from '../src/facts/stored-blocks.js';
import type { RawProximity } from '../src/facts/proximity/proximity.rules.js';

/**
 * The read-model build derives a whole gmina at once (set-based where a block has that form, several
 * gminas at a time) while the live path probes parcel by parcel: every parcel of the small demo
 * (every layer, every coverage status) must get the very same facts both ways, block by block.
 */
describe('facts build of whole gminas', () => {
  let db: TestDatabase;
  let source: DataSource;
  let facts: FactsRepository;
  let gminas: Array<{ teryt: string; ids: string[] }>;

  // The per-parcel path is the slow one (a probe per parcel and block): each gmina's is derived once for both tests.
  const perParcelMemo = new Map<string, Promise<RawFactRow[]>>();
  const perParcel = (block: FactBlock, ids: string[]): Promise<RawFactRow[]> => {
    const key = `${block}/${ids[0]}/${ids.length}`;
    if (!perParcelMemo.has(key)) perParcelMemo.set(key, facts.rawFacts(block, { ids }, { bufferM: DEFAULT_BUFFER_M }).then(byId));
    return perParcelMemo.get(key)!;
  };

  beforeAll(async () => {
    Logger.overrideLogger(['error', 'warn']); // the builder logs every block it builds
    db = await createTestDatabase('demo');
    source = createSchemaDataSource({ url: db.urlAs('parcel_svc'), schema: 'parcel', applicationName: 'facts-build-spec', poolSize: 3 });
    await source.initialize();
    facts = new FactsRepository(source);
    const rows = await db.sql<{ teryt: string; ids: string[] }>(`SELECT teryt, array_agg(id ORDER BY id) AS ids FROM layer_pub.parcels GROUP BY teryt ORDER BY teryt`);
    gminas = rows.map(({ teryt, ids }) => ({ teryt, ids: [...ids].sort() }));
  }, 60_000);
  afterAll(async () => {
    await source?.destroy();
    await db?.drop();
  });

  it('derives for every parcel of every gmina the raw facts of every block the per-parcel queries derive', async () => {
    expect(gminas.length).toBeGreaterThan(3);
    let compared = 0;
    for (const { teryt, ids } of gminas) {
      for (const block of FACT_BLOCKS) {
        const whole = byId(await facts.rawFacts(block, { gmina: teryt }, { bufferM: DEFAULT_BUFFER_M }));
        expect(whole.map((row) => row.parcel_id)).toEqual(ids);
        expect(whole.map(comparable)).toEqual((await perParcel(block, ids)).map(comparable));
        compared += whole.length;
      }
    }
    const [total] = await db.sql<{ n: string }>(`SELECT count(*) AS n FROM layer_pub.parcels`);
    expect(compared).toBe(Number(total!.n) * FACT_BLOCKS.length);
  }, 600_000);

  it('finds for every parcel the nearest feature of every proximity kind plain PostGIS finds, a tie going to the first id', async () => {
    let compared = 0;
    for (const { ids } of gminas) {
      const found = new Map((await perParcel('proximity', ids)).map((row) => [row.parcel_id, row.raw as RawProximity]));
      for (const kind of PROXIMITY_KINDS) {
        const expected = await plainNearest(kind, ids);
        const actual = ids.map((id) => {
          const item = found.get(id)?.[kind.id];
          return item ? { parcel_id: id, id: item.id, distance_m: item.distance_m } : { parcel_id: id, id: null, distance_m: null };
        });
        expect({ kind: kind.id, nearest: actual }).toEqual({ kind: kind.id, nearest: expected });
        compared += ids.length;
      }
    }
    expect(compared).toBe(gminas.reduce((n, g) => n + g.ids.length, 0) * PROXIMITY_KINDS.length);
  }, 600_000);

  it('finds for a parcel asked alone the same nearest features as for its whole gmina', async () => {
    for (const { ids } of gminas) {
      const whole = new Map((await perParcel('proximity', ids)).map((row) => [row.parcel_id, row.raw]));
      // A sample: a parcel alone makes cells of its own, so its candidates differ from the gmina's.
      for (const id of ids.filter((_, i) => i % 97 === 0)) {
        const [alone] = await facts.rawFacts('proximity', { ids: [id] }, { bufferM: DEFAULT_BUFFER_M });
        expect({ parcel: id, raw: alone?.raw }).toEqual({ parcel: id, raw: whole.get(id) });
      }
    }
  }, 600_000);

  it('stores, two gminas at a time in pages of 500 parcels, for every parcel each block composed from its per-parcel facts', async () => {
    await new FactsBuilder(facts, { FACTS_BUILD_CONCURRENCY: 2, FACTS_BUILD_PAGE_PARCELS: 500 }).rebuild(gminas.map((g) => g.teryt));
    const sources = await facts.layerSources();
    for (const { teryt, ids } of gminas) {
      const stored = await facts.storedBlocks(ids, FACT_BLOCKS);
      for (const block of FACT_BLOCKS) {
        const coverage = (await facts.coverage([teryt], BLOCK_LAYERS[block])).get(teryt)!;
        for (const row of await perParcel(block, ids)) {
          expect({ parcel: row.parcel_id, block, facts: stored.get(row.parcel_id)?.[block] }).toEqual({
            parcel: row.parcel_id,
            block,
            facts: composeBlock(block, row.raw, DEFAULT_BUFFER_M, coverage, sources),
          });
        }
      }
    }
    const builds = await db.sql<{ n: string }>(`SELECT count(*) AS n FROM parcel.fact_builds`);
    expect(Number(builds[0]!.n)).toBe(gminas.length * FACT_BLOCKS.length);
  }, 600_000);

  it('keeps the parts parcels share once per gmina and block (whatever the pages), each named by a block of its own gmina, none left over after a rebuild', async () => {
    const { teryt } = gminas[0]!;
    await new FactsBuilder(facts, { FACTS_BUILD_CONCURRENCY: 1, FACTS_BUILD_PAGE_PARCELS: 97 }).rebuild([teryt]); // replaces that gmina's parts, in pages that split them
    const [layout] = await db.sql<{ blocks: string; inline: string; astray: string; unnamed: string; parts: string; twins: string }>(
      `WITH blocks AS (
         SELECT f.teryt, b.block, b.body FROM parcel.facts f
         CROSS JOIN LATERAL (VALUES ('regulations', f.regulations), ('constraints', f.constraints), ('terrain', f.terrain), ('proximity', f.proximity)) b(block, body)
         WHERE b.body IS NOT NULL
       )
       SELECT (SELECT count(*) FROM blocks) AS blocks,
              (SELECT count(*) FROM blocks WHERE NOT body ? '${SHARED_REF}' OR body ? 'coverage' OR body ? 'sources') AS inline,
              (SELECT count(*) FROM blocks b LEFT JOIN parcel.fact_shared s ON s.id = (b.body->>'${SHARED_REF}')::bigint
                WHERE s.id IS NULL OR s.teryt <> b.teryt OR s.block <> b.block) AS astray,
              (SELECT count(*) FROM parcel.fact_shared s
                WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.body->>'${SHARED_REF}')::bigint = s.id)) AS unnamed,
              (SELECT count(*) FROM parcel.fact_shared) AS parts,
              (SELECT count(*) - count(DISTINCT (teryt, block, part::text)) FROM parcel.fact_shared) AS twins`,
    );
    const parcelBlocks = gminas.reduce((n, g) => n + g.ids.length, 0) * FACT_BLOCKS.length;
    expect(Number(layout!.blocks)).toBe(parcelBlocks);
    expect({ inline: Number(layout!.inline), astray: Number(layout!.astray), unnamed: Number(layout!.unnamed), twins: Number(layout!.twins) }).toEqual({
      inline: 0,
      astray: 0,
      unnamed: 0,
      twins: 0,
    });
    expect(Number(layout!.parts)).toBeLessThan(parcelBlocks / 20);
  }, 600_000);

  it('reads a gmina in pages of at most the page size that together are the rows of the whole gmina', async () => {
    const { teryt, ids } = gminas.reduce((a, b) => (b.ids.length > a.ids.length ? b : a));
    expect(ids.length).toBeGreaterThan(1000);
    for (const block of FACT_BLOCKS) {
      const sizes: number[] = [];
      const rows = await facts.inSnapshot(async (manager) => {
        const read: RawFactRow[] = [];
        for await (const page of facts.rawFactPages(block, teryt, { bufferM: DEFAULT_BUFFER_M }, manager, 997)) {
          sizes.push(page.length);
          read.push(...page);
        }
        return read;
      });
      expect({ block, sizes: sizes.slice(0, -1) }).toEqual({ block, sizes: sizes.slice(0, -1).map(() => 997) });
      expect(sizes.at(-1)).toBe(ids.length - 997 * (sizes.length - 1));
      expect(byId(rows).map(comparable)).toEqual((await perParcel(block, ids)).map(comparable));
    }
  }, 600_000);

  it('builds a block again in a new snapshot when a write meets a row changed since its snapshot', async () => {
    const { teryt, ids } = gminas[2]!;
    const [parcel] = ids;
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    const other = source.createQueryRunner();
    await other.connect();
    try {
      // Another transaction holds the parcel's row (as a build of the gmina it moved from would)...
      await other.startTransaction();
      await other.query(`UPDATE parcel.facts SET teryt = teryt WHERE parcel_id = $1`, [parcel]);
      const build = new FactsBuilder(facts, { FACTS_BUILD_CONCURRENCY: 1, FACTS_BUILD_PAGE_PARCELS: 2000 }).buildOne(teryt, 'terrain');
      // ...until the build, its snapshot taken, waits for that row; then commits under it.
      await eventually(async () => {
        const waiting = await db.sql(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'facts-build-spec' AND wait_event_type = 'Lock'`);
        expect(waiting.length).toBe(1);
      });
      await other.commitTransaction();
      expect(await build).toBe(ids.length);
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
    // the refused statement in one short line (its page of bodies cut), then the builder's retry
    expect(warnings.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringMatching(new RegExp(`^query failed \\(40001\\): could not serialize access due to concurrent update; statement: INSERT INTO parcel\\.facts .{1,400}; parameters: \\$1=${teryt}, \\$2=.{80}… \\(\\d+ characters\\)$`)),
      expect.stringMatching(new RegExp(`^terrain of gmina ${teryt}: could not serialize access due to concurrent update; building it again \\(attempt 2 of 3\\)$`)),
    ]);
    warnings.mockRestore();
    const stored = await facts.storedBlocks(ids, ['terrain']);
    const coverage = (await facts.coverage([teryt], BLOCK_LAYERS.terrain)).get(teryt)!;
    const sources = await facts.layerSources();
    for (const row of await perParcel('terrain', ids)) {
      expect({ parcel: row.parcel_id, facts: stored.get(row.parcel_id)?.terrain }).toEqual({ parcel: row.parcel_id, facts: composeBlock('terrain', row.raw, DEFAULT_BUFFER_M, coverage, sources) });
    }
  }, 120_000);

  it('reads a block stored whole (before shared parts) as it is, and a block whose part is gone as not stored, deriving it live', async () => {
    const { teryt, ids } = gminas[1]!;
    const [id] = ids;
    const before = (await facts.storedBlocks([id!], FACT_BLOCKS)).get(id!)!;
    await db.sql(`UPDATE parcel.facts SET terrain = $2::jsonb WHERE parcel_id = $1`, [id, JSON.stringify(before.terrain)]);
    const [{ part } = { part: '' }] = await db.sql<{ part: string }>(`SELECT proximity->>'${SHARED_REF}' AS part FROM parcel.facts WHERE parcel_id = $1`, [id]);
    await db.sql(`DELETE FROM parcel.fact_shared WHERE id = $1`, [part]);

    const after = (await facts.storedBlocks([id!], FACT_BLOCKS)).get(id!)!;
    expect(after.terrain).toEqual(before.terrain);
    expect(after.regulations).toEqual(before.regulations);
    expect(after.proximity).toBeUndefined();
    const served = await new FactsService(facts).blocksOf([{ id: id!, teryt }], ['proximity']);
    expect(served.get(id!)?.proximity).toEqual(before.proximity);
  }, 120_000);

  it('forgets a gmina built before that has no parcels now: its facts rows, shared parts and builds; the other gminas keep theirs', async () => {
    // what a build left for a gmina whose parcels have all gone since (the code is no gmina's: no parcels)
    const gone = '9999999';
    const [{ id }] = await db.sql<{ id: string }>(`INSERT INTO parcel.fact_shared (teryt, block, part) VALUES ($1, 'terrain', '{"coverage": []}') RETURNING id::text AS id`, [gone]);
    await db.sql(`INSERT INTO parcel.facts (parcel_id, teryt, terrain) VALUES ('999999_9.0001.1', $1, $2::jsonb)`, [gone, JSON.stringify({ [SHARED_REF]: Number(id) })]);
    await db.sql(`INSERT INTO parcel.fact_builds (teryt, block, versions, parcels, duration_ms, built_at) VALUES ($1, 'terrain', '{}'::jsonb, 1, 1, now())`, [gone]);
    const count = async (): Promise<Record<string, number>> => {
      const [row] = await db.sql<Record<string, string>>(
        `SELECT (SELECT count(*) FROM parcel.facts WHERE teryt = $1) AS facts_gone, (SELECT count(*) FROM parcel.fact_shared WHERE teryt = $1) AS parts_gone,
                (SELECT count(*) FROM parcel.fact_builds WHERE teryt = $1) AS builds_gone,
                (SELECT count(*) FROM parcel.facts WHERE teryt <> $1) AS facts_kept, (SELECT count(*) FROM parcel.fact_shared WHERE teryt <> $1) AS parts_kept,
                (SELECT count(*) FROM parcel.fact_builds WHERE teryt <> $1) AS builds_kept`,
        [gone],
      );
      return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
    };
    const before = await count();
    expect(before).toMatchObject({ facts_gone: 1, parts_gone: 1, builds_gone: 1 });

    const built = await new FactsBuilder(facts, { FACTS_BUILD_CONCURRENCY: 1, FACTS_BUILD_PAGE_PARCELS: 2000 }).buildStale();
    expect(built).toBe(0); // every gmina with parcels is current: nothing rebuilt, only the gone one dropped
    expect(await count()).toEqual({ ...before, facts_gone: 0, parts_gone: 0, builds_gone: 0 });
    expect(before.facts_kept).toBe(gminas.reduce((n, g) => n + g.ids.length, 0));
  }, 120_000);

  /**
   * The nearest feature of one kind to each parcel by plain PostGIS: the distance of the nearest by
   * KNN, then of the features at that distance the first by id in byte order.
   */
  async function plainNearest(kind: ProximityKind, ids: string[]): Promise<Array<{ parcel_id: string; id: string | null; distance_m: number | null }>> {
    const minimum = kind.minimum ? `f.${kind.minimum.attribute} >= $3::float8` : '$3::float8 IS NULL';
    const filter = `($2::text[] IS NULL OR f.kind = ANY($2::text[])) AND ${minimum}`;
    const rows = await db.sql<{ parcel_id: string; id: string | null; distance_m: string | null }>(
      `SELECT p.id AS parcel_id, x.id, round(x.distance::numeric, 1) AS distance_m
       FROM layer_pub.parcels p
       LEFT JOIN LATERAL (SELECT f.geom <-> p.geom AS d FROM layer_pub.${kind.layer} f WHERE ${filter} ORDER BY f.geom <-> p.geom LIMIT 1) knn ON true
       LEFT JOIN LATERAL (
         SELECT f.id, ST_Distance(f.geom, p.geom) AS distance FROM layer_pub.${kind.layer} f
         WHERE ${filter} AND ST_DWithin(f.geom, p.geom, knn.d)
         ORDER BY ST_Distance(f.geom, p.geom), f.id COLLATE "C" LIMIT 1
       ) x ON true
       WHERE p.id = ANY($1::text[])
       ORDER BY p.id`,
      [ids, kind.layerKinds ?? null, kind.minimum?.value ?? null],
    );
    // the raw facts name a nearest feature only within PROXIMITY_MAX_M (as reported, to 0.1 m): farther is "not found"
    return byId(rows).map((row) =>
      row.distance_m === null || Number(row.distance_m) > PROXIMITY_MAX_M
        ? { parcel_id: row.parcel_id, id: null, distance_m: null }
        : { parcel_id: row.parcel_id, id: row.id, distance_m: Number(row.distance_m) },
    );
  }
});

/** Constraint hits in one order: the rules sort them, so their order in the raw facts is no fact. */
function comparable(row: RawFactRow): RawFactRow {
  if (!Array.isArray(row.raw)) return row;
  const key = (hit: { layer: string; id: string }): string => `${hit.layer}/${hit.id}`;
  return { ...row, raw: [...(row.raw as Array<{ layer: string; id: string }>)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)) };
}

function byId<T extends { parcel_id: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.parcel_id < b.parcel_id ? -1 : a.parcel_id > b.parcel_id ? 1 : 0));
}
