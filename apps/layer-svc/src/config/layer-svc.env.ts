import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { DatabaseServiceEnv } from '@lp/messaging';

export class LayerSvcEnv extends DatabaseServiceEnv {
  /** Directory of `<layer-id>.geojsonl` sources for scheduled and on-request refreshes. */
  @IsOptional()
  @IsString()
  LAYER_SOURCES_DIR?: string;

  /** Refresh layers by their cadence (from LAYER_SOURCES_DIR). */
  @IsIn(['on', 'off'])
  REFRESH_SCHEDULER: 'on' | 'off' = 'off';

  @IsInt()
  @Min(10)
  @Max(86_400)
  REFRESH_CHECK_SECONDS: number = 300;

  /** Derive the derived layers (prices) on the refresh events of the layers they read; off: they keep their versions. */
  @IsIn(['on', 'off'])
  DERIVED_LAYERS: 'on' | 'off' = 'on';

  /** Seconds before a refresh event whose derivation failed is delivered again. */
  @IsInt()
  @Min(1)
  @Max(3600)
  EVENT_RETRY_SECONDS: number = 10;

  /**
   * The WMS `ortho` is proxied from (GetMap, EPSG:3857, 256 px tiles). Default: GUGiK's standard
   * resolution orthophotomap. Empty: no upstream; the catalogue says ortho is unavailable.
   */
  @Matches(/^$|^https?:\/\/[^\s?#]+$/, { message: 'ORTHO_WMS_URL must be an http(s) URL without query (the WMS endpoint) or empty' })
  ORTHO_WMS_URL: string = 'https://mapy.geoportal.gov.pl/wss/service/PZGIK/ORTO/WMS/StandardResolution';

  /** LAYERS of the GetMap sent upstream. */
  @IsString()
  ORTHO_WMS_LAYERS: string = 'Raster';

  /** How often the upstream is checked (GetCapabilities) so the catalogue tells the truth about it. */
  @IsInt()
  @Min(10)
  @Max(86_400)
  ORTHO_WMS_CHECK_SECONDS: number = 300;

  /** A GDAL step of a raster tile (gdalbuildvrt, gdalwarp, gdaldem, gdal_translate) or an upstream request is stopped after this long. */
  @IsInt()
  @Min(500)
  @Max(60_000)
  RASTER_STEP_TIMEOUT_MS: number = 5000;

  /**
   * Memory for recently answered vector tiles, in MiB (0: none). Tiles are kept per layer version,
   * so a refresh never answers an old one; see tiles/tile-cache.ts.
   */
  @IsInt()
  @Min(0)
  @Max(4096)
  TILE_CACHE_MB: number = 64;
}

export const LAYER_SVC_ENV = Symbol('LAYER_SVC_ENV');
