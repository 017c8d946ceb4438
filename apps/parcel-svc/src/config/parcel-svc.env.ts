import { IsIn, IsInt, Max, Min } from 'class-validator';
import { DatabaseServiceEnv } from '@lp/messaging';

export class ParcelSvcEnv extends DatabaseServiceEnv {
  /** Seconds before a layer event whose rebuild failed is delivered again. */
  @IsInt()
  @Min(1)
  @Max(3600)
  EVENT_RETRY_SECONDS: number = 10;

  /**
   * `on`: keep the facts read model built (stale blocks at start, layer events after). `off`:
   * answer every facts request live (tests of the live path; a replica that only serves).
   */
  @IsIn(['on', 'off'])
  FACTS_BUILDER: 'on' | 'off' = 'on';
}

export const PARCEL_SVC_ENV = Symbol('PARCEL_SVC_ENV');
