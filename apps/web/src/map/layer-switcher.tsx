import type { RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { CoverageView } from './coverage-view.js';
import type { Overlay } from './overlays.js';

export interface LayerSwitcherProps {
  overlays: readonly Overlay[];
  visible: ReadonlySet<string>;
  onToggle(layerId: string): void;
  /** The unit whose coverage is shown (the selected parcel's gmina or the searched region). */
  region: RegionView | null;
  open: boolean;
  onOpen(open: boolean): void;
}

/** Overlays with their legend, and which layers have data in the selected region (the coverage view). */
export function LayerSwitcher({ overlays, visible, onToggle, region, open, onOpen }: LayerSwitcherProps) {
  const { language, t } = useI18n();
  return (
    <div class={`layer-switcher ${open ? 'open' : ''}`}>
      <button type="button" aria-expanded={open} aria-controls="layer-panel" onClick={() => onOpen(!open)}>
        ☰ {t('layers')}
      </button>
      {open && (
        <div id="layer-panel" class="layer-panel" role="region" aria-label={t('layers')}>
          {region && <CoverageView region={region} overlays={overlays} />}
          <ul>
            {overlays.map((overlay) => {
              const name = overlay.names?.[language] ?? overlay.name;
              return (
                <li key={overlay.id}>
                  <label class="inline">
                    <input type="checkbox" name="layer" value={overlay.id} checked={visible.has(overlay.id)} onChange={() => onToggle(overlay.id)} />
                    <span class="swatch" style={{ background: overlay.legend[0]?.colour }} aria-hidden="true" />
                    {name}
                  </label>
                  {visible.has(overlay.id) && overlay.legend.length > 1 && (
                    <ul class="legend" aria-label={`${t('legend')}: ${name}`}>
                      {overlay.legend.map((entry) => (
                        <li key={entry.kind}>
                          <span class="swatch" style={{ background: entry.colour }} aria-hidden="true" /> {entry.label?.[language] ?? entry.kind}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          {!region && <CoverageView region={region} overlays={overlays} />}
        </div>
      )}
    </div>
  );
}
