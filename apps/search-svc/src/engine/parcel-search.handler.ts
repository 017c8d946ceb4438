import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  assertSearchRequest,
  ParcelPriceEstimateRequest,
  SearchParcelsRequest,
  SearchSubjects,
  type ParcelPriceEstimateView,
  type SearchResponseView,
} from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { parcelPriceEstimate } from './parcel-price-estimate.js';
import { ParcelSearchService } from './parcel-search.service.js';
import { SearchRepository } from './search.repository.js';
import { scenarioOf } from '../near-misses/scenario-parameter-relaxations.js';

@Controller()
export class ParcelSearchHandler {
  constructor(
    private readonly search: ParcelSearchService,
    private readonly repository: SearchRepository,
  ) {}

  /** POST /v1/search/parcels. The facts kept for natural-language `why` are not part of this answer. */
  @Answers(SearchSubjects.parcelsRun)
  async run(@Payload() request: SearchParcelsRequest): Promise<SearchResponseView> {
    assertSearchRequest(request);
    // the scenario the filters came from is checked up front, not only when near misses need it
    if (request.scenario) scenarioOf(request.scenario);
    const response = await this.search.run(request);
    return { ...response, results: response.results.map(({ facts: _facts, ...result }) => result) };
  }

  /** The market block's estimate of one parcel (parcel-svc), by the rule of filters.price_estimate_pln. */
  @Answers(SearchSubjects.parcelPriceEstimate)
  priceEstimate(@Payload() request: ParcelPriceEstimateRequest): Promise<ParcelPriceEstimateView> {
    return parcelPriceEstimate(this.search, this.repository, request.parcel_id);
  }
}
