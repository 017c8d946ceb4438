import { AppError } from '@lp/contracts';
import type { DataSource, QueryRunner } from 'typeorm';
import { LayerStorageRepository } from '../storage/layer-storage.repository.js';

/**
 * Runs one refresh of a layer on its own connection while holding the layer's lock, so two refreshes
 * of a layer (a whole one, or parts) never build versions over each other; the lock and the
 * connection are given back whatever happens.
 */
export async function underLayerLock<T>(db: DataSource, layerId: string, work: (storage: LayerStorageRepository, runner: QueryRunner) => Promise<T>): Promise<T> {
  const runner = db.createQueryRunner();
  await runner.connect();
  const storage = new LayerStorageRepository(runner);
  try {
    if (!(await storage.tryLock(layerId))) throw AppError.invalid(`A refresh of ${layerId} is already running; try again when it has finished.`);
    try {
      return await work(storage, runner);
    } finally {
      await storage.unlock(layerId);
    }
  } finally {
    await runner.release();
  }
}
