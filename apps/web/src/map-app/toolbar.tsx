import { useI18n } from '../i18n/i18n.js';
import { SearchBox } from '../search/search-box.js';
import type { UrlState } from '../url-state.js';
import type { UrlUpdate } from './url-sync.js';

export interface ToolbarProps {
  url: UrlState;
  busy: boolean;
  compareCount: number;
  update: UrlUpdate;
  onCompare(): void;
  onSearch(query: string): void;
}

/** The mode tabs (search, scenario), the comparison button once parcels are picked, and the search box. */
export function Toolbar({ url, busy, compareCount, update, onCompare, onSearch }: ToolbarProps) {
  const { t } = useI18n();
  return (
    <div class="toolbar">
      <div class="modes" role="tablist" aria-label={t('modeSearch')}>
        <button type="button" role="tab" aria-selected={url.mode === 'search'} onClick={() => update({ mode: 'search' }, 'replace')}>
          {t('modeSearch')}
        </button>
        <button type="button" role="tab" aria-selected={url.mode === 'scenario'} onClick={() => update({ mode: 'scenario', parcelId: null }, 'replace')}>
          {t('modeScenario')}
        </button>
        <button type="button" role="tab" aria-selected={url.mode === 'watches'} onClick={() => update({ mode: 'watches', parcelId: null }, 'push')}>
          {t('modeWatches')}
        </button>
        {compareCount > 0 && (
          <button type="button" class="secondary" onClick={onCompare}>
            {t('compare', { n: compareCount })}
          </button>
        )}
      </div>
      {url.mode === 'search' && <SearchBox initial={url.query} busy={busy} onSearch={onSearch} />}
    </div>
  );
}
