import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { TerrainBenchRepository } from './terrain-bench.repository.js';

const TABLE = 'terrain_bench_0a1b2c3d';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'terrain-bench.repository.ts'),
  rows: (sql) => (sql.includes('count(*)::int AS n') ? [{ n: 100 }] : []),
  cases: (db) => {
    const repository = new TerrainBenchRepository(db.as<DataSource>());
    return {
      stageParcelGrid: () => repository.stageParcelGrid(TABLE, 330000, 490000, 100, 10),
      parcelsInBox: () => repository.parcelsInBox(TABLE, [330000, 490000, 331000, 491000]),
      enableRaster: () => repository.enableRaster(),
      loadRaster: () => repository.loadRaster(TABLE, Buffer.from('II*\0')),
      plainStatistics: () => repository.plainStatistics(TABLE, [1, 2, 3], 10),
      drop: () => repository.drop(TABLE),
    };
  },
});
