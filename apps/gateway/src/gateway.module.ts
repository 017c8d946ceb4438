import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccessRequestsController } from './access/access-requests.controller.js';
import { ApiKeyService } from './auth/api-key.service.js';
import { AuthGuard } from './auth/auth.guard.js';
import { GatewayConfigModule } from './config/gateway-config.module.js';
import type { GatewayEnv } from './config/gateway.env.js';
import { ExportService } from './export/export.service.js';
import { LayerExportController } from './export/layer-export.controller.js';
import { SearchExportController } from './export/search-export.controller.js';
import { HttpErrorFilter } from './errors/http-error.filter.js';
import { GeocodeController } from './geocode/geocode.controller.js';
import { RegionsController } from './geocode/regions.controller.js';
import { HealthController } from './health/health.controller.js';
import { LayerFeaturesController } from './layers/layer-features.controller.js';
import { LayerRasterTilesController } from './layers/layer-raster-tiles.controller.js';
import { LayerTilesController } from './layers/layer-tiles.controller.js';
import { LayersController } from './layers/layers.controller.js';
import { MapController } from './map/map.controller.js';
import { OverlayTilesetsService } from './map/overlay-tilesets.service.js';
import { MarketController } from './market/market.controller.js';
import { OgcFeaturesController } from './ogc/ogc-features.controller.js';
import { OgcTilesController } from './ogc/ogc-tiles.controller.js';
import { ParcelsController } from './parcels/parcels.controller.js';
import { ParcelCompareController } from './parcels/parcel-compare.controller.js';
import { ReportsController } from './reports/reports.controller.js';
import { SiteReportsController } from './reports/site-reports.controller.js';
import { ClientIpLimiter } from './rate-limit/client-ip-limiter.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { FairShareGuard } from './fair-share/fair-share.guard.js';
import { RpcModule } from './rpc/rpc.module.js';
import { NaturalLanguageController } from './search/natural-language.controller.js';
import { ScenariosController } from './search/scenarios.controller.js';
import { WatchesController } from './watches/watches.controller.js';
import { SearchAssembliesController } from './search/search-assemblies.controller.js';
import { SearchParcelsController } from './search/search-parcels.controller.js';
import { GatewayStoreModule } from './db/gateway-store.module.js';

@Module({})
export class GatewayModule {
  static register(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        GatewayConfigModule.register(env),
        GatewayStoreModule.register(env),
        RpcModule.register(env.NATS_URL, env.NATS_STREAM_REPLICAS),
      ],
      controllers: [
        HealthController,
        AccessRequestsController,
        ParcelCompareController,
        ReportsController,
        SiteReportsController,
        ParcelsController,
        LayersController,
        RegionsController,
        GeocodeController,
        LayerFeaturesController,
        LayerExportController,
        LayerTilesController,
        LayerRasterTilesController,
        OgcFeaturesController,
        OgcTilesController,
        MapController,
        MarketController,
        ScenariosController,
        NaturalLanguageController,
        SearchParcelsController,
        SearchExportController,
        SearchAssembliesController,
        WatchesController,
      ],
      providers: [
        ApiKeyService,
        ClientIpLimiter,
        OverlayTilesetsService,
        ExportService,
        // Order matters: the key is verified before its rate limit is charged, and the request
        // counted before its cost is (a request over its rate never reaches the cost budget).
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: FairShareGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
