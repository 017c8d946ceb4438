import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { gminasNear, gminasWithParcels } from './layer-pub-gminas.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'layer-pub-gminas.ts'),
  cases: (db) => ({
    gminasWithParcels: () => gminasWithParcels(db.as<DataSource>()),
    gminasNear: () => gminasNear(db.as<DataSource>(), ['3021093'], 2000),
  }),
});
