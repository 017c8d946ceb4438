import { IsInt, Max, Min } from 'class-validator';
import { DatabaseServiceEnv } from '@lp/messaging';

export class GeocodeSvcEnv extends DatabaseServiceEnv {
  /** Seconds before a layer event whose rebuild failed is delivered again. */
  @IsInt()
  @Min(1)
  @Max(3600)
  EVENT_RETRY_SECONDS: number = 10;
}

export const GEOCODE_SVC_ENV = Symbol('GEOCODE_SVC_ENV');
