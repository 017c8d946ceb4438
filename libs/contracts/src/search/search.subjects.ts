import { defineSubject } from '../common/subject.js';
import type { AssemblySearchRequest } from './assembly-search.request.js';
import type { AssemblySearchResponseView } from './assembly.view.js';
import type { CompileScenarioRequest } from './compile-scenario.request.js';
import type { EvaluateScenarioRequest, ScenarioFitView } from './evaluate-scenario.request.js';
import type { ParcelPriceEstimateRequest, ParcelPriceEstimateView } from './parcel-price-estimate.request.js';
import type { NaturalLanguageSearchRequest } from './natural-language.request.js';
import type { InterpretationView, NaturalLanguageSearchView } from './natural-language.view.js';
import type { ScenarioListView } from './scenario.view.js';
import type { SearchMatchRequest, SearchMatchResponseView } from './search-match.request.js';
import type { SearchParcelsRequest } from './search-parcels.request.js';
import type { SearchResponseView } from './search-response.view.js';

/** NATS subjects answered by search-svc, each with its request and reply. */
export const SearchSubjects = {
  /** POST /v1/search/parcels. */
  parcelsRun: defineSubject<SearchParcelsRequest, SearchResponseView>('search.parcels.run'),
  /** Several searches at once, ids and coverage only, no near misses (watches-svc's re-evaluation). */
  parcelsMatch: defineSubject<SearchMatchRequest, SearchMatchResponseView>('search.parcels.match'),
  /** POST /v1/search/assemblies. */
  assembliesRun: defineSubject<AssemblySearchRequest, AssemblySearchResponseView>('search.assemblies.run'),
  /** Effective parameter values and weights. */
  scenariosList: defineSubject<Record<string, never>, ScenarioListView>('search.scenarios.list'),
  scenariosCompile: defineSubject<CompileScenarioRequest, SearchParcelsRequest>('search.scenarios.compile'),
  /** Interpretation and results (POST /v1/search/natural-language). */
  nlRun: defineSubject<NaturalLanguageSearchRequest, NaturalLanguageSearchView>('search.nl.run'),
  /** Interpretation only, no search (the tool server). */
  nlInterpret: defineSubject<NaturalLanguageSearchRequest, InterpretationView>('search.nl.interpret'),
  /** The report's and compare_parcels' scenario fit. */
  scenariosEvaluate: defineSubject<EvaluateScenarioRequest, ScenarioFitView>('search.scenarios.evaluate'),
  /** One parcel's estimated price, by the rule of filters.price_estimate_pln: the market block of parcel detail and the report. */
  parcelPriceEstimate: defineSubject<ParcelPriceEstimateRequest, ParcelPriceEstimateView>('search.parcels.price_estimate'),
} as const;
