import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSchemaDataSource } from '@lp/db';
import { createTestDatabase, parcelsWithKowrRight, type TestDatabase } from '@lp/testing';
import type { DataSource } from 'typeorm';
import { composeBlock } from '../src/facts/fact-composer.js';
import { BLOCK_LAYERS } from '../src/facts/fact-blocks.js';
import { FactsRepository } from '../src/facts/facts.repository.js';
import { DEFAULT_BUFFER_M } from '../src/facts/facts.service.js';

/**
 * The KOWR pre-emption right parcel regulations list is the one the search criterion "no
 * state-agricultural pre-emption" excludes: both are checked, parcel by parcel over the small demo,
 * against one plain-PostGIS oracle (libs/testing parcelsWithKowrRight).
 */
describe('KOWR pre-emption in parcel regulations', () => {
  let db: TestDatabase;
  let source: DataSource;
  let facts: FactsRepository;

  beforeAll(async () => {
    db = await createTestDatabase('demo');
    source = createSchemaDataSource({ url: db.urlAs('parcel_svc'), schema: 'parcel', applicationName: 'pre-emption-spec', poolSize: 2 });
    await source.initialize();
    facts = new FactsRepository(source);
  }, 60_000);
  afterAll(async () => {
    await source?.destroy();
    await db?.drop();
  });

  it('lists the statutory KOWR right on exactly the parcels the raw layers give it, in every demo gmina', async () => {
    const gminas = await db.sql<{ teryt: string }>(`SELECT DISTINCT teryt FROM layer_pub.parcels ORDER BY teryt`);
    let withRight = 0;
    for (const { teryt } of gminas) {
      const [rows, coverage, sources] = await Promise.all([
        facts.rawFacts('regulations', { gmina: teryt }, { bufferM: DEFAULT_BUFFER_M }),
        facts.coverage([teryt], BLOCK_LAYERS.regulations),
        facts.layerSources(),
      ]);
      const listed = rows
        .filter((row) => composeBlock('regulations', row.raw, DEFAULT_BUFFER_M, coverage.get(teryt)!, sources).pre_emption.some((right) => right.basis.includes('o kształtowaniu ustroju rolnego')))
        .map((row) => row.parcel_id)
        .sort();
      const expected = (await parcelsWithKowrRight((sql, params) => db.sql(sql, params), { teryt })).sort();
      expect({ teryt, listed }).toEqual({ teryt, listed: expected });
      withRight += listed.length;
    }
    expect(withRight).toBeGreaterThan(0);
  }, 300_000);
});
