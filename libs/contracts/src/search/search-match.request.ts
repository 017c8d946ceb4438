import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import type { CoverageStatus } from '../common/coverage-status.js';
import { SearchParcelsRequest } from './search-parcels.request.js';

/** Most searches one `search.parcels.match` request may carry. */
export const SEARCH_MATCH_BATCH_MAX = 100;

/**
 * `search.parcels.match`: several structured searches answered in one request with only what a
 * machine compares (ids, gminas, coverage), not what a reader sees (geometry, score components,
 * near misses). watches-svc re-evaluates the watches of a refresh with it.
 */
export class SearchMatchRequest {
  @IsArray({ message: `searches must be an array of 1 to ${SEARCH_MATCH_BATCH_MAX} structured searches` })
  @ArrayMinSize(1, { message: `searches must be an array of 1 to ${SEARCH_MATCH_BATCH_MAX} structured searches` })
  @ArrayMaxSize(SEARCH_MATCH_BATCH_MAX, { message: `searches must be an array of 1 to ${SEARCH_MATCH_BATCH_MAX} structured searches` })
  @ValidateNested({ each: true })
  @Type(() => SearchParcelsRequest)
  searches!: SearchParcelsRequest[];
}

/** One search's answer: the parcels returned (up to its limit), how many matched, and each criterion's coverage. */
export interface SearchMatchView {
  blocked: boolean;
  count: number;
  matched: number;
  parcels: Array<{ parcel_id: string; teryt: string }>;
  coverage: Array<{ criterion: string; status: CoverageStatus }>;
}

/** The answers, in the order of the searches. */
export interface SearchMatchResponseView {
  answers: SearchMatchView[];
}
