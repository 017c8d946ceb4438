import type { Language } from '../lexicon/meanings.js';

/** The filters a corpus query must compile to; only what is listed is checked, one check per key. */
export interface ExpectedFilters {
  areaMin?: number;
  /** A site of several neighbouring parcels of at least this total area (interpretation.assembly). */
  assemblyMin?: number;
  areaMax?: number;
  slopeMax?: number;
  vacant?: boolean;
  /** filters.ownership_groups, exactly (absent side: not asked). */
  ownership?: { include?: string[]; exclude?: string[] };
  /** Bounds of the estimated price (filters.price_estimate_pln), both as given (absent: no bound). */
  priceEstimate?: { min?: number; max?: number };
  /** A group of ZONING_CATEGORY_GROUPS: the categories must be exactly that group. */
  zoning?: string;
  symbols?: string[];
  requirePlan?: boolean;
  /** Per layer: the reach, attribute conditions and kinds it must have (those given). */
  near?: Record<string, { within?: number; where?: Record<string, unknown>; kinds?: string[]; ids?: string[] }>;
  /** Layers that must have no near filter (a minimum distance is never a proximity). */
  notNear?: string[];
  /** Per layer: the minimum distance, conditions, kinds and named anchors it must have (those given). */
  far?: Record<string, { beyond?: number; where?: Record<string, unknown>; kinds?: string[]; ids?: string[] }>;
  /** Per layer: kinds or kind groups it must include, and the buffer. */
  exclude?: Record<string, { kinds?: string[]; buffer?: number }>;
  /** Signals that must be in rank_by. */
  rank?: string[];
  limit?: number;
}

/** One query of the corpus with the interpretation it must get. */
export interface CorpusCase {
  q: string;
  /** The language it must be detected as; null when the query has no words of either. */
  lang: Language | null;
  /** TERYT of the region, null for all of Poland; absent when an error is expected. */
  region?: string | null;
  scenario?: string | null;
  filters?: ExpectedFilters;
  /** An error instead of an interpretation; the TERYT codes the candidates must name (ambiguous or unknown places). */
  error?: { code: 'ambiguous_region' | 'unresolvable_query'; candidates?: string[] };
  /** Whether the interpretation must say it honours the whole query (interpretation.complete). */
  complete?: boolean;
}

export const HA = 10_000;

export function pl(q: string, region: string | null, scenario: string | null, filters?: ExpectedFilters): CorpusCase {
  return { q, lang: 'pl', region, scenario, ...(filters ? { filters } : {}) };
}

export function en(q: string, region: string | null, scenario: string | null, filters?: ExpectedFilters): CorpusCase {
  return { q, lang: 'en', region, scenario, ...(filters ? { filters } : {}) };
}

export function ambiguous(q: string, lang: Language | null, candidates: string[]): CorpusCase {
  return { q, lang, error: { code: 'ambiguous_region', candidates } };
}

export function unresolvable(q: string, lang: Language | null, candidates?: string[]): CorpusCase {
  return { q, lang, error: { code: 'unresolvable_query', ...(candidates ? { candidates } : {}) } };
}

/** A query part of which cannot be searched: the interpretation must say it is incomplete. */
export function partial(corpusCase: CorpusCase): CorpusCase {
  return { ...corpusCase, complete: false };
}

/** A query whose language cannot be told (a bare place name). */
export function bare(q: string, region: string | null, scenario: string | null, filters?: ExpectedFilters): CorpusCase {
  return { q, lang: null, region, scenario, ...(filters ? { filters } : {}) };
}
