import type { SearchParcelsRequest, SearchResponseView, SearchResultView } from '@lp/contracts';

/**
 * Facts the structured-search engine may attach to a result, for `why`. All optional: without them
 * `why` still says which criterion the parcel passed and quotes the score components; with them it
 * quotes the measured values ("3.2 km to a 110 kV substation" instead of "within 10 km of ...").
 */
export interface ResultFacts {
  /** Per near criterion (`near:<layer>`): the distance in metres to the nearest feature that satisfied it. */
  near_m?: Readonly<Record<string, number>>;
  /** Per near criterion: that feature's name ("GPZ Plewiska", "SP nr 3"). */
  near_name?: Readonly<Record<string, string>>;
  /** Mean slope of the parcel, %. */
  slope_pct?: number;
  /** Zoning that passed: the raw local-plan symbol and its category, and which plan it came from. */
  zoning_symbol?: string;
  zoning_category?: string;
  zoning_source?: 'mpzp' | 'plan_ogolny';
}

/** A result of the engine: the structured-search result, with the facts `why` quotes. */
export type ExplainedResult = SearchResultView & { facts?: ResultFacts };

/** What the engine returns: the structured-search response, its results with facts for `why`. */
export type ParcelSearchResponse = Omit<SearchResponseView, 'results'> & { results: ExplainedResult[] };

/** What a caller of the engine needs (natural language, near misses): one run of a checked request. */
export interface ParcelSearch {
  /** Runs a request that passed validateMessage(SearchParcelsRequest) and assertSearchRequest. */
  run(request: SearchParcelsRequest): Promise<ParcelSearchResponse>;
}
