import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ElevationPointsRepository } from './elevation-points.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'elevation-points.repository.ts'),
  rows: (sql) =>
    sql.includes('layer.layer_state')
      ? [
          { layer_id: 'terrain_stats', version: 3, table_name: 'f_terrain_stats__12' },
          { layer_id: 'contours', version: 2, table_name: 'f_contours__9' },
        ]
      : [],
  cases: (db) => {
    const repository = new ElevationPointsRepository(db.as<DataSource>());
    return {
      'read, the points of one tile': () => repository.read((_sources, points) => points([1_878_516, 6_731_350, 1_880_962, 6_733_796])),
    };
  },
});
