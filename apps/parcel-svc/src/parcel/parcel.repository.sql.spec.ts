import { LagTolerantReads } from '@lp/db';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ParcelRepository } from './parcel.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'parcel.repository.ts'),
  cases: (db) => {
    const repository = new ParcelRepository(new LagTolerantReads(db.as<DataSource>()));
    return {
      findFeature: () => repository.findFeature('302109_2.0001.12/3'),
      findTeryt: () => repository.findTeryt('302109_2.0001.12/3'),
      findAt: () => repository.findAt(16.95, 52.4, 50),
      findFeatures: () => repository.findFeatures(['302109_2.0001.12/3', '302109_2.0001.13']),
      suggest: () => repository.suggest('302109_2.0001.1_', 10),
      findSimilarIds: () => repository.findSimilarIds('302109_2.0001.12/4', 5),
      precinctsNamed: () => repository.precinctsNamed(['bnin']),
      gminasNamed: () => repository.gminasNamed(['kornik']),
      numbered: () => repository.numbered('12/3', ['302109_2.0001'], ['3021093'], 20),
    };
  },
});
