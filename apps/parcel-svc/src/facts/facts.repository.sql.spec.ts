import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { FactsRepository } from './facts.repository.js';

const IDS = { ids: ['302109_2.0001.12/3', '302109_2.0001.13'] };

describeSqlSnapshot({
  source: join(import.meta.dirname, 'facts.repository.ts'),
  cases: (db) => {
    const repository = new FactsRepository(db.as<DataSource>());
    return {
      'rawFacts, regulations of parcels': () => repository.rawFacts('regulations', IDS, { bufferM: 50 }),
      'rawFacts, regulations of a gmina': () => repository.rawFacts('regulations', { gmina: '3021093' }, { bufferM: 50 }),
      'rawFacts, constraints': () => repository.rawFacts('constraints', IDS, { bufferM: 50 }),
      'rawFacts, constraints of a gmina': () => repository.rawFacts('constraints', { gmina: '3021093' }, { bufferM: 50 }),
      'rawFacts, terrain': () => repository.rawFacts('terrain', IDS, { bufferM: 50 }),
      'rawFacts, proximity': () => repository.rawFacts('proximity', IDS, { bufferM: 50 }),
      'rawFactPages, terrain of a gmina (one short page)': async () => {
        for await (const page of repository.rawFactPages('terrain', '3021093', { bufferM: 50 }, db.as<DataSource>().manager, 500)) void page;
      },
      coverage: () => repository.coverage(['3021093'], ['mpzp_plans', 'dem']),
      layerSources: () => repository.layerSources(),
      storedBlocks: () => repository.storedBlocks(IDS.ids, ['regulations', 'terrain']),
      'saveBlock (two parcels, one chunk)': () =>
        repository.saveBlock(
          '3021093',
          'terrain',
          [
            { parcel_id: IDS.ids[0]!, body: { slope_pct: 2.5, coverage: [{ layer: 'dem', status: 'available' }], sources: [] } },
            { parcel_id: IDS.ids[1]!, body: { slope_pct: 4, coverage: [{ layer: 'dem', status: 'available' }], sources: [] } },
          ],
          { dem: 3 },
          120,
        ),
      builds: () => repository.builds(),
      markCurrent: () => repository.markCurrent(['3021093'], 'terrain', 'dem', 4),
      dropGminas: () => repository.dropGminas(['3021093']),
    };
  },
  // saveBlock takes ids for the shared parts before storing them.
  rows: (sql, params) => (sql.includes('nextval(') ? Array.from({ length: Number(params[0]) }, (_, i) => ({ id: String(41 + i) })) : []),
});
