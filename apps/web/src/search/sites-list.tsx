import type { AssembledSiteView } from '../api/types.js';
import { formatArea, formatNumber, useI18n } from '../i18n/i18n.js';
import { criterionWords } from '../i18n/criterion-words.js';
import { useLayerName } from '../i18n/layer-names.js';
import { parcelsWord } from '../i18n/near-miss-words.js';

export interface SitesListProps {
  sites: readonly AssembledSiteView[];
  matched: number;
  candidates: number | undefined;
  note: string | undefined;
  selectedRank: number | null;
  selectedParcelId: string | null;
  onSelectSite(rank: number | null): void;
  onSelectParcel(parcelId: string): void;
  onFit(): void;
}

/**
 * Sites of several neighbouring parcels (a query like "20 ha w kilku działkach"): rank, total area,
 * how many parcels, gmina and score, the same ranks on the map. A site opened lists its parcels,
 * each opening the parcel's panel.
 */
export function SitesList({ sites, matched, candidates, note, selectedRank, selectedParcelId, onSelectSite, onSelectParcel, onFit }: SitesListProps) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  return (
    <section class="results sites" aria-labelledby="results-title">
      <div class="row">
        <h2 id="results-title">
          {t('sites')} <span class="muted">{t('resultsCount', { count: sites.length, matched })}</span>
        </h2>
        {sites.length > 0 && (
          <button type="button" class="link" onClick={onFit}>
            {t('fitResults')}
          </button>
        )}
      </div>
      {candidates !== undefined && <p class="small muted">{t('siteCandidates', { n: formatNumber(language, candidates) })}</p>}
      {note && (
        <details class="small">
          <summary>{t('apiNote')}</summary>
          <p lang="en">{note}</p>
        </details>
      )}
      {sites.length === 0 && <p>{t('noSites')}</p>}
      {sites.length > 0 && sites.every((site) => site.score === null) && <p class="small muted score-note">{t('scoreNeedsScenario')}</p>}
      <ol class="result-list">
        {sites.map((site, index) => {
          const rank = index + 1;
          const open = rank === selectedRank;
          return (
            <li key={rank}>
              <button type="button" class={`result site ${open ? 'selected' : ''}`} aria-expanded={open} onClick={() => onSelectSite(open ? null : rank)}>
                <span class="rank" aria-hidden="true">
                  {rank}
                </span>
                <span class="result-main">
                  <span class="site-area">
                    {formatArea(language, site.total_area_sqm)} · {t('parcelCount', { n: site.parcels.length, parcels: parcelsWord(language, site.parcels.length) })}
                  </span>
                  <span class="muted">{site.gmina}</span>
                  {site.unscreened && site.unscreened.length > 0 && <span class="small coverage-unscreened">{t('siteUnscreened', { what: site.unscreened.map((criterion) => criterionWords(criterion, language, layerName)).join(', ') })}</span>}
                </span>
                <span class="score" title={site.score === null ? t('noScore') : t('scoreOf', { score: formatNumber(language, site.score, 1) })}>
                  {site.score === null ? '–' : formatNumber(language, site.score, 1)}
                </span>
              </button>
              {open && (
                <>
                  {/* The API's reasons (in its own words) beside the parcels, not in the list, where area and count say it already. */}
                  {site.why.length > 0 && <p class="small muted site-why">{site.why.join(' · ')}</p>}
                  <ul class="site-parcels" aria-label={t('siteParcels', { rank })}>
                    {site.parcels.map((member) => (
                      <li key={member.parcel_id}>
                        <button type="button" class={`link ${member.parcel_id === selectedParcelId ? 'selected' : ''}`} onClick={() => onSelectParcel(member.parcel_id)}>
                          <span class="parcel-id">{member.parcel_id}</span> <span class="muted">{formatArea(language, member.area_sqm)}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
