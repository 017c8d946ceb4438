import type { SearchParcelsRequest, SearchResponseView } from '@lp/contracts';
import type { ExplainedResult } from './why/result-facts.js';

/**
 * The seam to the structured-search engine (`search.parcels.run`), which natural-language search
 * runs `interpretation.request` through, so that replaying the request gives the same results.
 * Provided by the engine's module as `{ provide: PARCEL_SEARCH, useExisting: <engine service> }`;
 * until then search.nl.run interprets and answers service_unavailable instead of inventing results.
 */
export const PARCEL_SEARCH = Symbol('PARCEL_SEARCH');

/** What the engine returns: the structured-search response; results may carry facts for `why`. */
export type ParcelSearchResponse = Omit<SearchResponseView, 'results'> & { results: ExplainedResult[] };

export interface ParcelSearch {
  /** Runs a request that passed validateMessage(SearchParcelsRequest) and assertSearchRequest. */
  run(request: SearchParcelsRequest): Promise<ParcelSearchResponse>;
}
