import { IsInt, Max, Min } from 'class-validator';
import { DatabaseServiceEnv } from '@lp/messaging';

export class SearchSvcEnv extends DatabaseServiceEnv {
  /**
   * Seconds before an admin_bounds event is taken again while geocode-svc has not yet rebuilt the
   * places it publishes, and between attempts to load the place gazetteer while it is empty.
   */
  @IsInt()
  @Min(1)
  @Max(3600)
  EVENT_RETRY_SECONDS: number = 10;

  /** Gminas of the search index built at once (each build is one database connection busy). */
  @IsInt()
  @Min(1)
  @Max(8)
  INDEX_BUILD_CONCURRENCY: number = 2;

  /**
   * Memory for the in-memory columns of the search index (MB): broad searches match and rank there
   * (engine/columns). Columns load on first use and the least recently used give way beyond this;
   * 0 runs every search in PostgreSQL. At 1 M parcels a number column is 8 MB. search-svc holds
   * about 200 MB besides (V8's heap, Node's own, the node binary), so its resident memory stays
   * under 400 MB with the default, which holds what bench:search reads at 5 M parcels (docs/performance.md).
   */
  @IsInt()
  @Min(0)
  @Max(16_384)
  SEARCH_COLUMNS_BUDGET_MB: number = 192;
}

export const SEARCH_SVC_ENV = Symbol('SEARCH_SVC_ENV');
