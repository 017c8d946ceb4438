import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Answers } from '@lp/messaging';
import { assertSearchRequest, SearchMatchRequest, SearchSubjects, type SearchMatchResponseView, type SearchMatchView } from '@lp/contracts';
import { ParcelSearchService } from './parcel-search.service.js';
import type { ParcelSearchResponse } from './search-results.js';

/** A search's answer as a machine compares it: ids and gminas, coverage, counts. */
export function matchView(response: ParcelSearchResponse): SearchMatchView {
  return {
    blocked: response.blocked ?? false,
    count: response.count,
    matched: response.matched,
    parcels: response.results.map((result) => ({ parcel_id: result.parcel_id, teryt: result.teryt })),
    coverage: response.coverage.map((entry) => ({ criterion: entry.criterion, status: entry.status })),
  };
}

/**
 * `search.parcels.match`: many searches in one request (watches-svc re-evaluating a refresh's
 * watches), each the same search as POST /v1/search/parcels without what only a reader needs:
 * near misses (which re-run the search relaxed, several times, when few parcels match), geometry
 * and score components on the wire. One request instead of one per watch and gmina.
 */
@Controller()
export class ParcelMatchHandler {
  constructor(private readonly search: ParcelSearchService) {}

  @Answers(SearchSubjects.parcelsMatch)
  async match(@Payload() request: SearchMatchRequest): Promise<SearchMatchResponseView> {
    request.searches.forEach((search) => assertSearchRequest(search));
    const answers: SearchMatchView[] = [];
    // One after another: the searches share search-svc's database pool and columns with readers' searches.
    for (const search of request.searches) answers.push(matchView(await this.search.search(search)));
    return { answers };
  }
}
