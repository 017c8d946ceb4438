import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { WatchesRepository } from './watches.repository.js';

const WATCH = {
  id: 'w_3f9a0c5e7b1d2468ace0',
  owner: 'key-1',
  name: 'PV near Poznań',
  kind: 'search' as const,
  search: { region: '3064', filters: { area_sqm: { min: 30000 } } },
  scenario: null,
  query: null,
  parcelIds: null,
  regions: ['3064'],
  webhookUrl: 'https://hooks.example.com/x',
  webhookSecret: 'whsec_x',
};

describeSqlSnapshot({
  source: join(import.meta.dirname, 'watches.repository.ts'),
  cases: (db) => {
    const repository = new WatchesRepository(db.as<DataSource>());
    return {
      insertWithinLimit: () => repository.insertWithinLimit(WATCH, 100),
      listByOwner: () => repository.listByOwner('key-1'),
      findOwned: () => repository.findOwned('key-1', WATCH.id),
      deleteOwned: () => repository.deleteOwned('key-1', WATCH.id),
      gminasInBbox: () => repository.gminasInBbox(16.85, 52.37, 16.97, 52.44),
    };
  },
});
