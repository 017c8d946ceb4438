import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { PlacesRepository } from './places.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'places.repository.ts'),
  rows: () => [{}],
  cases: (db) => {
    const repository = new PlacesRepository(db.as<DataSource>());
    return { version: () => repository.version(), places: () => repository.places() };
  },
});
