import type { GeocodeCandidateView, RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { regionLabel } from '../i18n/terms.js';
import { ScenarioPanel, type ScenarioRun } from '../scenario/scenario-panel.js';
import { CoverageWarnings } from '../search/coverage-warnings.js';
import { Interpretation } from '../search/interpretation.js';
import { NearMisses } from '../search/near-misses.js';
import { PlaceSearch } from '../search/place-search.js';
import { ResultsList } from '../search/results-list.js';
import { SearchError } from '../search/search-error.js';
import { SitesList } from '../search/sites-list.js';
import { Welcome } from '../search/welcome.js';
import type { UrlState } from '../url-state.js';
import { WatchThis } from '../watches/watch-this.js';
import type { SearchState } from './search-runs.js';

export interface SearchPanelProps {
  url: UrlState;
  search: SearchState;
  region: RegionView | null;
  siteRank: number | null;
  onAddress(candidate: GeocodeCandidateView): void;
  onRegion(found: RegionView): void;
  onSearch(query: string, regionTeryt: string | null, push: boolean): void;
  onScenario(run: ScenarioRun): void;
  onCoverage(): void;
  onSelectSite(rank: number | null): void;
  onSelectParcel(parcelId: string): void;
  onFit(geometries: GeoJSON.Geometry[]): void;
  onOpenWatches(): void;
}

/** The side panel of search and scenario mode: the way to ask, and the answer (interpretation, coverage, results or sites, near misses). */
export function SearchPanel(props: SearchPanelProps) {
  const { language, t } = useI18n();
  const { url, search, region } = props;
  const outcome = search.outcome;
  return (
    <>
      {url.mode === 'search' && <PlaceSearch onAddress={props.onAddress} onRegion={props.onRegion} />}
      {url.mode === 'search' && !search.busy && !outcome && !search.error && <Welcome onPick={(query) => props.onSearch(query, null, true)} />}
      {url.mode === 'scenario' && <ScenarioPanel initialScenario={url.scenario} initialRegion={url.region} busy={search.busy} onRun={props.onScenario} />}
      {search.busy && <p aria-busy="true">{t('searching')}</p>}
      {search.error && <SearchError error={search.error} onPick={(teryt) => props.onSearch(url.query, teryt, false)} />}
      {search.interpretation && <Interpretation interpretation={search.interpretation} />}
      {outcome && <CoverageWarnings outcome={outcome} />}
      {outcome && search.watchTarget && (
        <WatchThis key={search.watchName} target={search.watchTarget} what="search" defaultName={search.watchName} onOpenList={props.onOpenWatches} />
      )}
      {region && (
        <p class="small coverage-link">
          {t('coverageOf', { name: regionLabel(language, region) })}{' '}
          <button type="button" class="link" onClick={props.onCoverage}>
            {t('coverageView')} →
          </button>
        </p>
      )}
      {outcome?.sites && (
        <SitesList
          sites={outcome.sites}
          matched={outcome.matched}
          candidates={outcome.candidates}
          note={outcome.note}
          selectedRank={props.siteRank}
          selectedParcelId={url.parcelId}
          onSelectSite={props.onSelectSite}
          onSelectParcel={props.onSelectParcel}
          onFit={() => props.onFit(outcome.sites!.map((site) => site.geometry as GeoJSON.Geometry))}
        />
      )}
      {outcome && !outcome.sites && (
        <ResultsList
          outcome={outcome}
          selectedId={url.parcelId}
          onSelect={props.onSelectParcel}
          onFit={() => props.onFit(outcome.results.map((result) => result.geometry as GeoJSON.Geometry))}
        />
      )}
      {outcome?.near_misses && <NearMisses nearMisses={outcome.near_misses} onSelect={props.onSelectParcel} />}
    </>
  );
}
