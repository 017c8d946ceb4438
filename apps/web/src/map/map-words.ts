import type { StyleSpecification } from 'maplibre-gl';
import type { Language } from '../i18n/messages.js';

/* Without MapLibre itself (types only): the page imports this before MapLibre is loaded. */

/** The map's words that are ours, not MapLibre's: the attribution in the reader's language. */
export interface MapWords {
  language: Language;
  attribution: string;
}

/**
 * The style without its sources' own attribution strings: the gateway writes them in English (the
 * catalogue's source descriptions, "demo data (GET /v1/layers)"), so the map shows the application's
 * attribution in the reader's language instead (MapWords).
 */
export function withoutSourceAttribution(style: StyleSpecification): StyleSpecification {
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([id, source]) => {
      if (!('attribution' in source)) return [id, source];
      const { attribution: _dropped, ...rest } = source;
      return [id, rest];
    }),
  ) as StyleSpecification['sources'];
  return { ...style, sources };
}

/** The style says its data is demonstration data (the base map's attribution does). */
export function isDemoStyle(style: StyleSpecification): boolean {
  return Object.values(style.sources).some(
    (source) => 'attribution' in source && typeof source.attribution === 'string' && /demo data/i.test(source.attribution),
  );
}
