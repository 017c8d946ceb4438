import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { assertSearchRequest, SearchParcelsRequest, SearchSubjects, type SearchResponseView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { ParcelSearchService } from './parcel-search.service.js';

@Controller()
export class ParcelSearchHandler {
  constructor(private readonly search: ParcelSearchService) {}

  /** POST /v1/search/parcels. The facts kept for natural-language `why` are not part of this answer. */
  @Answers(SearchSubjects.parcelsRun)
  async run(@Payload() request: SearchParcelsRequest): Promise<SearchResponseView> {
    assertSearchRequest(request);
    const response = await this.search.run(request);
    return { ...response, results: response.results.map(({ facts: _facts, ...result }) => result) };
  }
}
