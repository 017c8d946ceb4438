import { AttributionControl, NavigationControl, ScaleControl, type IControl, type Map as MapLibreMap } from 'maplibre-gl';
import { mapLocale } from '../i18n/map-locale.js';
import type { MapWords } from './map-words.js';

/**
 * Zoom buttons, scale bar and attribution in one language. MapLibre reads its words (the `locale`
 * table) when a control is added, so a language switch takes them off and adds them anew; the
 * canvas's own label is set directly.
 */
export class MapControls {
  private added: IControl[] = [];

  constructor(private readonly map: MapLibreMap) {}

  show(words: MapWords): void {
    for (const control of this.added) this.map.removeControl(control);
    const locale = mapLocale(words.language);
    Object.assign(this.map._locale, locale);
    this.map.getCanvas().setAttribute('aria-label', locale['Map.Title']!);
    // Added bottom-up: MapLibre puts a later control of a bottom corner above the earlier ones.
    const attribution = new AttributionControl({ customAttribution: words.attribution });
    const navigation = new NavigationControl({ showCompass: false });
    const scale = new ScaleControl({ unit: 'metric' });
    this.map.addControl(attribution, 'bottom-right');
    this.map.addControl(navigation, 'bottom-right');
    this.map.addControl(scale, 'bottom-left');
    this.added = [attribution, navigation, scale];
    // On a narrow map (a phone) the attribution starts folded into its (i) button instead of covering the map.
    const container = this.map.getContainer();
    if (container.clientWidth <= 640) container.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show');
  }
}
