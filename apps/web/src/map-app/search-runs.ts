import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, postJson } from '../api/client.js';
import type { NaturalLanguageSearchView, SearchOutcome, SearchParcelsRequest, SearchResponseView } from '../api/types.js';
import type { Language } from '../i18n/messages.js';
import type { MapController, ResultFeature } from '../map/map-controller.js';
import type { ScenarioRun } from '../scenario/scenario-panel.js';
import type { UrlState } from '../url-state.js';
import { asApiError } from './api-error.js';
import type { UrlUpdate } from './url-sync.js';
import type { WatchTarget } from '../watches/watches-api.js';

/** A site's outline on the map answers clicks under this id, not a parcel's. */
export const SITE_PREFIX = 'site:';

export interface SearchState {
  outcome: SearchOutcome | null;
  interpretation: NaturalLanguageSearchView['interpretation'] | null;
  error: ApiError | null;
  busy: boolean;
  /** What "watch this search" saves: the sentence (or, with a region picked, its interpretation) or the scenario run. */
  watchTarget: WatchTarget | null;
  /** The watch's name offered: the sentence, or the scenario and its region. */
  watchName: string;
}

const NO_SEARCH: SearchState = { outcome: null, interpretation: null, error: null, busy: false, watchTarget: null, watchName: '' };

/** Sites of several parcels are drawn as results are: their outlines with their ranks. */
export function featuresOf(outcome: SearchOutcome): ResultFeature[] {
  return outcome.sites
    ? outcome.sites.map((site, index) => ({ parcelId: `${SITE_PREFIX}${index + 1}`, rank: index + 1, geometry: site.geometry as GeoJSON.Geometry }))
    : outcome.results.map((result, index) => ({ parcelId: result.parcel_id, rank: index + 1, geometry: result.geometry as GeoJSON.Geometry }));
}

interface SearchDeps {
  map: { current: MapController | null };
  urlRef: { current: UrlState };
  update: UrlUpdate;
  language: Language;
  clearParcel(): void;
  loadRegion(name: string, teryt: string): Promise<void>;
}

/** A natural-language search or a scenario run, its answer, and its results (or sites) on the map. */
export function useSearchRuns({ map, urlRef, update, language, clearParcel, loadRegion }: SearchDeps) {
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const [siteRank, setSiteRank] = useState<number | null>(null);
  const resultsRef = useRef<ResultFeature[]>([]);
  /** The sentence of the search shown, to ask for its words again in another language. */
  const asked = useRef<{ query: string; regionTeryt: string | null } | null>(null);
  useReworded({ search, setSearch, asked, language, map, resultsRef });

  const showOutcome = (outcome: SearchOutcome, fit: boolean) => {
    setSiteRank(null);
    const features = featuresOf(outcome);
    resultsRef.current = features;
    void map.current?.setResults(features);
    if (fit && features.length > 0) map.current?.fitTo(features.map((feature) => feature.geometry));
  };

  const runSearch = async (query: string, regionTeryt: string | null, push: boolean) => {
    if (push) update({ query, mode: 'search', parcelId: null }, 'push');
    asked.current = { query, regionTeryt };
    setSearch({ ...NO_SEARCH, busy: true });
    clearParcel();
    try {
      // The interpretation's words (filters, assumptions, why) in the reader's language, whatever the query's.
      const answer = await askSentence(query, regionTeryt, language);
      setSearch({ ...NO_SEARCH, outcome: answer, interpretation: answer.interpretation, ...sentenceWatch(query, regionTeryt, answer) });
      showOutcome(answer, urlRef.current.parcelId === null);
      if (answer.interpretation.region) void loadRegion(answer.interpretation.region.name, answer.interpretation.region.teryt);
    } catch (error) {
      setSearch({ ...NO_SEARCH, error: asApiError(error) });
      resultsRef.current = [];
      void map.current?.setResults([]);
    }
  };

  const runScenario = async (run: ScenarioRun) => {
    asked.current = null;
    update({ mode: 'scenario', scenario: run.scenario, region: run.region, parcelId: null, query: '' }, 'push');
    setSearch({ ...NO_SEARCH, busy: true });
    clearParcel();
    try {
      const body = await postJson<SearchParcelsRequest>(`/v1/scenarios/${encodeURIComponent(run.scenario)}/compile`, {
        params: run.params,
        weights: run.weights,
        ...(run.region ? { region: run.region } : {}),
        limit: 50,
      });
      const outcome = await postJson<SearchResponseView>('/v1/search/parcels', body);
      const scenario = { scenario: run.scenario, params: run.params, weights: run.weights, ...(run.region ? { region: run.region } : {}) };
      setSearch({ ...NO_SEARCH, outcome, watchTarget: { scenario }, watchName: run.region ? `${run.scenario} · ${run.region}` : run.scenario });
      showOutcome(outcome, true);
      if (run.region) void loadRegion(run.region, run.region);
    } catch (error) {
      setSearch({ ...NO_SEARCH, error: asApiError(error) });
    }
  };

  return { search, siteRank, setSiteRank, resultsRef, runSearch, runScenario };
}

/**
 * A sentence is watched as itself (watches-svc stores its interpretation); with a region picked
 * from the candidates, the interpretation shown is watched, since the sentence alone names no
 * single region. A site of several parcels is not watched (watches re-run parcel searches).
 */
function sentenceWatch(query: string, regionTeryt: string | null, answer: NaturalLanguageSearchView): Pick<SearchState, 'watchTarget' | 'watchName'> {
  if (answer.sites) return { watchTarget: null, watchName: '' };
  return { watchTarget: regionTeryt ? { search: answer.interpretation.request } : { query }, watchName: query };
}

function askSentence(query: string, regionTeryt: string | null, language: Language): Promise<NaturalLanguageSearchView> {
  return postJson<NaturalLanguageSearchView>('/v1/search/natural-language', { query, language, limit: 50, ...(regionTeryt ? { region: regionTeryt } : {}) });
}

interface RewordDeps {
  search: SearchState;
  setSearch(state: SearchState): void;
  asked: { current: { query: string; regionTeryt: string | null } | null };
  language: Language;
  map: { current: MapController | null };
  resultsRef: { current: ResultFeature[] };
}

/**
 * After a language switch the search shown is asked for again in the new language: its criteria,
 * assumptions and reasons are the API's words, written from the structured request in the language
 * asked for, so the page never keeps the old language's words under new headings. The parcel open
 * and the map's view stay; the answer is the same search, so the map's results are only redrawn.
 */
function useReworded({ search, setSearch, asked, language, map, resultsRef }: RewordDeps): void {
  const interpretation = search.interpretation;
  useEffect(() => {
    const sentence = asked.current;
    if (!sentence || !interpretation || search.busy || interpretation.language === language) return;
    let stale = false;
    askSentence(sentence.query, sentence.regionTeryt, language)
      .then((answer) => {
        if (stale || asked.current !== sentence) return;
        setSearch({ ...search, outcome: answer, interpretation: answer.interpretation, error: null, busy: false });
        resultsRef.current = featuresOf(answer);
        void map.current?.setResults(resultsRef.current);
      })
      // Said, not swallowed: the criteria would otherwise wait for words that never come.
      .catch((error: unknown) => {
        if (!stale) setSearch({ ...search, error: asApiError(error) });
      });
    return () => {
      stale = true;
    };
  }, [language, interpretation]);
}
