import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, LagTolerantReads } from '@lp/db';
import { createStatusController, servedSwitchListener } from '@lp/messaging';
import { currentDeadlineMs, currentSignal } from '@lp/runtime';
import { BasemapHandler } from './basemap/basemap.handler.js';
import { BasemapRepository } from './basemap/basemap.repository.js';
import { BasemapService } from './basemap/basemap.service.js';
import { CatalogueHandler } from './catalogue/catalogue.handler.js';
import { CatalogueRepository } from './catalogue/catalogue.repository.js';
import { CatalogueService } from './catalogue/catalogue.service.js';
import { LAYER_SVC_ENV, type LayerSvcEnv } from './config/layer-svc.env.js';
import { DerivedLayersConsumer } from './derived/derived-layers.consumer.js';
import { LAYER_SCHEMA } from './db/migrations/index.js';
import { FeaturesHandler } from './features/features.handler.js';
import { FeaturesRepository } from './features/features.repository.js';
import { FeaturesService } from './features/features.service.js';
import { DemStoreRepository } from './terrain/dem-store.repository.js';
import { OrthoUpstream } from './raster/ortho-upstream.js';
import { RasterTilesHandler } from './raster/raster-tiles.handler.js';
import { RasterTilesService } from './raster/raster-tiles.service.js';
import { RefreshHandler } from './refresh/refresh.handler.js';
import { RefreshService } from './refresh/refresh.service.js';
import { ServedStates } from './serving/served-states.js';
import { ServedVersionRepository } from './serving/served-version.repository.js';
import { TileCache } from './tiles/tile-cache.js';
import { TileCutter } from './tiles/tile-cutter.js';
import { TilesHandler } from './tiles/tiles.handler.js';
import { TilesRepository } from './tiles/tiles.repository.js';
import { TILE_CACHE, TilesService } from './tiles/tiles.service.js';

@Module({})
export class LayerSvcModule {
  static register(env: LayerSvcEnv): DynamicModule {
    return {
      module: LayerSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          // Features, vector tiles and basemap tiles read here (ServedVersionRepository); refreshes stay on the primary.
          readUrl: env.DATABASE_READ_URL,
          schema: LAYER_SCHEMA,
          applicationName: 'layer-svc',
          poolSize: env.DB_POOL_SIZE,
          deadline: currentDeadlineMs,
          signal: currentSignal,
        })),
      ],
      controllers: [createStatusController('layer', 'layer-svc'), CatalogueHandler, RefreshHandler, FeaturesHandler, TilesHandler, RasterTilesHandler, BasemapHandler],
      providers: [
        { provide: LAYER_SVC_ENV, useValue: env },
        servedSwitchListener(env.NATS_URL, LagTolerantReads, Boolean(env.DATABASE_READ_URL)),
        CatalogueService,
        CatalogueRepository,
        RefreshService,
        DerivedLayersConsumer,
        ServedVersionRepository,
        ServedStates,
        { provide: TILE_CACHE, useValue: new TileCache(env.TILE_CACHE_MB * 1024 * 1024) },
        FeaturesService,
        FeaturesRepository,
        TilesService,
        TilesRepository,
        TileCutter,
        BasemapService,
        BasemapRepository,
        RasterTilesService,
        DemStoreRepository,
        OrthoUpstream,
      ],
    };
  }
}
