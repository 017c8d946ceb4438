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

  /**
   * Gminas whose facts are built at once (each build keeps one database connection busy; the
   * blocks of one gmina are built one after another, so two builds never write the same rows).
   */
  @IsInt()
  @Min(1)
  @Max(8)
  FACTS_BUILD_CONCURRENCY: number = 2;

  /**
   * Parcels a facts build reads, composes and stores at a time: a build holds one page, not its
   * whole gmina. Pages of 500 took less memory and less time than whole gminas or larger pages
   * (docs/performance.md).
   */
  @IsInt()
  @Min(1)
  @Max(100_000)
  FACTS_BUILD_PAGE_PARCELS: number = 500;

  /** Seconds a shareable report link stays open (default 7 days, at most 90 days). */
  @IsInt()
  @Min(1)
  @Max(90 * 24 * 3600)
  REPORT_LINK_TTL_SECONDS: number = 7 * 24 * 3600;

  /** Seconds between sweeps of expired report links (one also runs after each new link). */
  @IsInt()
  @Min(1)
  @Max(24 * 3600)
  REPORT_LINK_SWEEP_SECONDS: number = 3600;

  /**
   * Live (unexpired) report links one API key may hold: past it a new link answers 429 until one
   * expires. Without a cap a key at the reports rate limit could store about 4.6 GB of PDFs a week.
   */
  @IsInt()
  @Min(1)
  REPORT_LINKS_PER_KEY: number = 500;

  /** Bytes of stored report PDFs one API key may hold in live links (default 100 MiB); past it, 429 as for the count. */
  @IsInt()
  @Min(1)
  REPORT_LINK_BYTES_PER_KEY: number = 100 * 2 ** 20;
}

export const PARCEL_SVC_ENV = Symbol('PARCEL_SVC_ENV');
