import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { PlacesRepository } from './places.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'places.repository.ts'),
  rows: () => [{}],
  cases: (db) => {
    const repository = new PlacesRepository(db.as<DataSource>());
    const locality = { sym: '0580720', name: 'Bnin', name_folded: 'bnin', locality_type: 'część miasta', parent_sym: '0580713', gmina6: '302109' };
    return {
      replaceLocalities: () => repository.replaceLocalities([locality], 'SIMC_Urzedowy_2026-01-01.csv'),
      status: () => repository.status(),
    };
  },
});
