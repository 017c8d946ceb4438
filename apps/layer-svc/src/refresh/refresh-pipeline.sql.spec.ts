import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { RefreshPipeline } from './refresh-pipeline.js';

/** The refresh's own SQL is LayerStorageRepository's (storage/sql/layer-storage.repository.sql). */
describeSqlSnapshot({
  source: join(import.meta.dirname, 'refresh-pipeline.ts'),
  cases: (db) => {
    const pipeline = new RefreshPipeline(db.as<DataSource>(), 'postgres://unused');
    return { 'RefreshPipeline.states': () => pipeline.states() };
  },
});
