import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { TerrainRepository } from './terrain.repository.js';

const TABLE = 'terrain_0a1b2c3d';
const FOOTPRINT = 'GEOMETRYCOLLECTION(POLYGON((357000 505000, 359000 505000, 359000 507000, 357000 507000, 357000 505000)))';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'terrain.repository.ts'),
  rows: (sql) => (sql.includes('count(*)::int AS n') ? [{ n: 6 }] : []),
  cases: (db) => {
    const repository = new TerrainRepository(db.as<DataSource>());
    return {
      stageParcels: () => repository.stageParcels(TABLE, FOOTPRINT, ['3064']),
      hasParcels: () => repository.hasParcels(TABLE, [357000, 505000, 359048, 507048]),
      stagedParcels: () => repository.stagedParcels(TABLE),
      keptLines: () => repository.keptLines(TABLE),
      coveredGminas: () => repository.coveredGminas(FOOTPRINT, null),
      keptContourLines: () => repository.keptContourLines(FOOTPRINT, '3064'),
      gminasInside: () => repository.gminasInside(FOOTPRINT),
      servedState: () => repository.servedState('contours'),
      dropStage: () => repository.dropStage(TABLE),
    };
  },
});
