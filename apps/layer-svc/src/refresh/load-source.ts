import { AppError, type LayerDefinition } from '@lp/contracts';
import type { DataSource } from 'typeorm';
import type { LayerStorageRepository } from '../storage/layer-storage.repository.js';
import { loadWithOgr } from './ogr-loader.js';
import { loadThroughProfile, type ProfileLoadResult } from './profiles/profile-loader.js';
import { ProfileStagingRepository } from './profiles/profile-staging.repository.js';
import type { SourceProfile } from './profiles/source-profile.js';

/** How a source reaches the stage table: our own format, or a register's through its profile. */
export interface StageReader {
  db: DataSource;
  databaseUrl: string;
  profile?: SourceProfile;
  wfsRetry?: { attempts: number; backoffMs: number };
}

/**
 * Stages one source for a layer: GDAL straight into the stage table for the pipeline's own format,
 * or fetched, read and mapped to the catalogue by the register's profile. A whole-layer refresh and
 * a part of a layer stage the same way, so a register published per powiat loads by parts too.
 */
export async function stageSource(reader: StageReader, layer: LayerDefinition, source: string, stage: string, say: (message: string) => void): Promise<ProfileLoadResult> {
  if (!reader.profile) {
    await loadWithOgr({ databaseUrl: reader.databaseUrl, source, stageTable: stage, onProgress: (percent) => say(`loading ${percent} %`) });
    return { leftOut: [] };
  }
  if (reader.profile.layer !== layer.id) throw AppError.invalid(`Profile ${reader.profile.id} fills ${reader.profile.layer}, not ${layer.id}.`);
  const repository = new ProfileStagingRepository(reader.db);
  return loadThroughProfile(repository, { databaseUrl: reader.databaseUrl, profile: reader.profile, layer, source, stageTable: stage, say, wfsRetry: reader.wfsRetry });
}

/**
 * One source into a new table shaped like a version: staged by GDAL, copied with the catalogue's
 * types, every row given its gmina (its own teryt, else the gmina holding its point on surface).
 * Returns the number of rows. The stage table is dropped whatever happens.
 */
export async function loadSourceInto(
  storage: LayerStorageRepository,
  layer: LayerDefinition,
  reader: StageReader,
  load: { source: string; sourceUrl: string; runId: string; stage: string; table: string },
  say: (message: string) => void,
): Promise<number> {
  try {
    await stageSource(reader, layer, load.source, load.stage, say);
    await storage.createVersionTable(load.table);
    const loaded = await storage.copyFromStage(layer, load.stage, load.table, { runId: load.runId, fetchedAt: new Date(), sourceUrl: load.sourceUrl });
    if (layer.id !== 'admin_bounds') await storage.assignGminas(load.table);
    return loaded;
  } finally {
    await storage.dropStage(load.stage).catch(() => undefined);
  }
}
