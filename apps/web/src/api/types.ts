/**
 * The API's shapes, from the contracts the gateway itself uses (type-only: nothing of the server
 * code reaches the bundle).
 */
export type {
  CriterionCoverageView,
  NaturalLanguageResultView,
  NaturalLanguageSearchView,
  GeocodeCandidateView,
  ParcelComparisonView,
  ParcelFeatureView,
  RegionView,
  ScenarioListView,
  ScenarioView,
  SearchParcelsRequest,
  SearchResultView,
  SearchResponseView,
  BlockCoverageView,
  AssembledSiteView,
  NearMissesView,
  OneAwayParcelView,
  RelaxationView,
  CreateWatchBody,
  CreatedWatchView,
  WatchView,
  WatchListView,
  WatchEventView,
  WatchEventPageView,
} from '@lp/contracts';

import type { AssembledSiteView, SearchResponseView } from '@lp/contracts';

/** A search answer as the panel shows it: parcels, or (a query for a site of several parcels) sites. */
export type SearchOutcome = SearchResponseView & { sites?: AssembledSiteView[]; candidates?: number; note?: string };
