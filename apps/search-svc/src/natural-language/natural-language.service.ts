import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  AppError,
  assertSearchRequest,
  SearchParcelsRequest,
  type InterpretationView,
  type NaturalLanguageSearchRequest,
  type NaturalLanguageSearchView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { AssemblyService } from '../assemblies/assembly.service.js';
import { ParcelSearchService } from '../engine/parcel-search.service.js';
import type { ParcelSearch } from '../engine/search-results.js';
import { NamedFeaturesService } from './anchors/named-features.service.js';
import { interpret } from './interpreter.js';
import { PlacesService } from './places/places.service.js';
import { explainResult } from './why/why-builder.js';

/**
 * Natural-language search: the query interpreted into a structured request (interpreter.ts, pure),
 * checked like any POST /v1/search/parcels body, then run through the structured-search engine
 * (ParcelSearchService), each result with the reasons it matched.
 */
@Injectable()
export class NaturalLanguageService {
  private readonly logger = new Logger('NaturalLanguage');

  constructor(
    private readonly places: PlacesService,
    @Inject(ParcelSearchService) private readonly search: ParcelSearch,
    @Optional() private readonly namedFeatures?: NamedFeaturesService,
    @Optional() private readonly assemblies?: AssemblyService,
  ) {}

  async interpret(request: NaturalLanguageSearchRequest): Promise<InterpretationView> {
    const gazetteer = await this.places.gazetteer();
    const interpretation = interpret(request.query, { region: request.region, language: request.language, limit: request.limit }, gazetteer, (await this.namedFeatures?.features()) ?? undefined);
    // the interpreter builds only valid requests; a failure here is our bug, not the caller's
    try {
      validateMessage(SearchParcelsRequest, structuredClone(interpretation.request));
      assertSearchRequest(interpretation.request);
    } catch (error) {
      this.logger.error(`interpretation of ${JSON.stringify(request.query)} compiled to an invalid request: ${error instanceof Error ? error.message : String(error)}`);
      throw new AppError('internal', 'The query was understood but compiled to an invalid search request; this is a fault of the service.');
    }
    return interpretation;
  }

  async run(request: NaturalLanguageSearchRequest): Promise<NaturalLanguageSearchView> {
    const interpretation = await this.interpret(request);
    if (interpretation.assembly) return this.runAssembly(interpretation);
    const response = await this.search.run(interpretation.request);
    return {
      interpretation,
      count: response.count,
      matched: response.matched,
      blocked: response.blocked,
      coverage: response.coverage,
      ...(response.unranked_signals ? { unranked_signals: response.unranked_signals } : {}),
      ...(response.near_misses ? { near_misses: response.near_misses } : {}),
      results: response.results.map(({ facts, ...result }) => ({ ...result, why: explainResult(interpretation, { ...result, facts }) })),
    };
  }

  /** "20 ha w kilku działkach": the sites of neighbouring parcels, the interpretation the same. */
  private async runAssembly(interpretation: InterpretationView): Promise<NaturalLanguageSearchView> {
    if (!this.assemblies) {
      throw new AppError('service_unavailable', 'Site assembly is not available, so no sites can be returned; POST /v1/search/natural-language/interpret gives the interpretation of the query.');
    }
    const answer = await this.assemblies.run({ ...interpretation.request, language: interpretation.language, assembly: interpretation.assembly! });
    return {
      interpretation,
      count: answer.count,
      matched: answer.matched,
      blocked: answer.blocked,
      coverage: answer.coverage,
      ...(answer.unranked_signals ? { unranked_signals: answer.unranked_signals } : {}),
      results: [],
      sites: answer.results,
      candidates: answer.candidates,
      ...(answer.note ? { note: answer.note } : {}),
    };
  }
}
