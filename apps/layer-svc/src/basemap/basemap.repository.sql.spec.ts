import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource, QueryRunner } from 'typeorm';
import { BasemapRepository } from './basemap.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'basemap.repository.ts'),
  cases: (db) => {
    const repository = new BasemapRepository(db.as<DataSource>());
    return {
      stamps: () => repository.stamps(['admin_bounds', 'roads']),
      places: () =>
        repository.places(db.as<QueryRunner>(), 'f_admin_bounds__3', { z: 8, x: 139, y: 84 }, { minLng: 15.47, minLat: 51.62, maxLng: 16.88, maxLat: 52.48 }, ['voivodeship', 'powiat']),
    };
  },
});
