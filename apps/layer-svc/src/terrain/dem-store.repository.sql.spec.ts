import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { DemStoreRepository } from './dem-store.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'dem-store.repository.ts'),
  rows: (sql) => (sql.includes('RETURNING version') || sql.includes('AS version') ? [{ version: '4' }] : []),
  cases: (db) => {
    const repository = new DemStoreRepository(db.as<DataSource>());
    return {
      replacePart: () =>
        repository.replacePart('3064', 1, 'Computed by layer-svc from the elevation model of part 3064', (add) =>
          add({ extent: [357000, 505000, 357512, 505512], tiff: Buffer.from('II*') }),
        ),
      version: () => repository.version(),
      chunksUnder: () => repository.chunksUnder([1_878_516, 6_731_350, 1_880_962, 6_733_796]),
    };
  },
});
