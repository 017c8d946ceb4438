import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
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
}

export const LAYER_SVC_ENV = Symbol('LAYER_SVC_ENV');
