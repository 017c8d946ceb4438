import type { LayerDefinition } from '@lp/contracts';
import type { LayerStorageRepository } from '../storage/layer-storage.repository.js';
import { loadWithOgr } from './ogr-loader.js';

/**
 * One source into a new table shaped like a version: staged by GDAL, copied with the catalogue's
 * types, every row given its gmina (its own teryt, else the gmina holding its point on surface).
 * Returns the number of rows. The stage table is dropped whatever happens.
 */
export async function loadSourceInto(
  storage: LayerStorageRepository,
  layer: LayerDefinition,
  load: { databaseUrl: string; source: string; sourceUrl: string; runId: string; stage: string; table: string },
  say: (message: string) => void,
): Promise<number> {
  try {
    await loadWithOgr({ databaseUrl: load.databaseUrl, source: load.source, stageTable: load.stage, onProgress: (percent) => say(`loading ${percent} %`) });
    await storage.createVersionTable(load.table);
    const loaded = await storage.copyFromStage(layer, load.stage, load.table, { runId: load.runId, fetchedAt: new Date(), sourceUrl: load.sourceUrl });
    if (layer.id !== 'admin_bounds') await storage.assignGminas(load.table);
    await storage.setSourceBbox(load.table);
    return loaded;
  } finally {
    await storage.dropStage(load.stage).catch(() => undefined);
  }
}
