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
} from '@lp/contracts';
