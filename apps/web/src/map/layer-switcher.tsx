import { useState } from 'preact/hooks';
import type { RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import type { Overlay } from './overlays.js';

export interface LayerSwitcherProps {
  overlays: readonly Overlay[];
  visible: ReadonlySet<string>;
  onToggle(layerId: string): void;
  /** The unit whose coverage is shown (the selected parcel's gmina or the searched region). */
  region: RegionView | null;
}

/** Overlays with their legend, and which of them have data where the user looks. */
export function LayerSwitcher({ overlays, visible, onToggle, region }: LayerSwitcherProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const status = (layerId: string): 'full' | 'partial' | 'none' | null => {
    if (!region) return null;
    if (region.layers_available.includes(layerId)) return 'full';
    if (region.layers_partial.includes(layerId)) return 'partial';
    return 'none';
  };
  return (
    <div class={`layer-switcher ${open ? 'open' : ''}`}>
      <button type="button" aria-expanded={open} aria-controls="layer-panel" onClick={() => setOpen(!open)}>
        ☰ {t('layers')}
      </button>
      {open && (
        <div id="layer-panel" class="layer-panel" role="region" aria-label={t('layers')}>
          <p class="muted small">{region ? t('coverageOf', { name: region.label }) : t('coverageHint')}</p>
          <ul>
            {overlays.map((overlay) => {
              const coverage = status(overlay.id);
              return (
                <li key={overlay.id}>
                  <label class="inline">
                    <input type="checkbox" name="layer" value={overlay.id} checked={visible.has(overlay.id)} onChange={() => onToggle(overlay.id)} />
                    <span class="swatch" style={{ background: overlay.legend[0]?.colour }} aria-hidden="true" />
                    {overlay.name}
                  </label>
                  {coverage && (
                    <span class={`coverage-badge coverage-${coverage}`}>
                      {coverage === 'full' ? t('coverageFull') : coverage === 'partial' ? t('coveragePartial') : t('coverageNone')}
                    </span>
                  )}
                  {visible.has(overlay.id) && overlay.legend.length > 1 && (
                    <ul class="legend" aria-label={`${t('legend')}: ${overlay.name}`}>
                      {overlay.legend.map((entry) => (
                        <li key={entry.kind}>
                          <span class="swatch" style={{ background: entry.colour }} aria-hidden="true" /> {entry.kind}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
