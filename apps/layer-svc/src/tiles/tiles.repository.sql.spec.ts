import { findLayer } from '@lp/contracts';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { TilesRepository } from './tiles.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'tiles.repository.ts'),
  cases: (db) => {
    const q = db.as<EntityManager>();
    const repository = new TilesRepository();
    return {
      'tile, buildings (polygons, largest first)': () =>
        repository.tile(q, findLayer('buildings')!, 'f_buildings__5', { z: 12, x: 2240, y: 1339 }, { cap: 5000, tolerance: 1.19, kinds: null }),
      'tile, power lines of two kinds': () =>
        repository.tile(q, findLayer('power_lines')!, 'f_power_lines__2', { z: 12, x: 2240, y: 1339 }, { cap: 5000, tolerance: 0, kinds: ['hv_line', 'ehv_line'] }),
      'tile, buildings after a refresh (the previous version\'s statement is deallocated)': () =>
        repository.tile(q, findLayer('buildings')!, 'f_buildings__6', { z: 16, x: 35843, y: 21427 }, { cap: 20000, tolerance: 0, kinds: null }),
      dataBounds: () => repository.dataBounds(q, 'f_buildings__5'),
    };
  },
});
