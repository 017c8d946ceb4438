import { AppError, type LayerDefinition } from '@lp/contracts';
import type { PartScope } from '../storage/part-storage.repository.js';

/**
 * Layers whose kinds come from different registers, split into parts by kind: a refresh of one part
 * (`--part kinds:flood_risk`) replaces the rows of those kinds only and keeps every other kind
 * served, as a refresh of one powiat keeps the rest of the country. Every kind of such a layer is
 * in exactly one part, so two registers never replace each other's rows.
 */
export const KIND_PARTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  env_layers: {
    // GDOŚ's central register of forms of nature protection (CRFOP) and the international designations it lists.
    nature_protection: [
      'natura2000_habitat',
      'natura2000_birds',
      'national_park',
      'national_park_buffer',
      'landscape_park',
      'protected_landscape_area',
      'nature_reserve',
      'nature_landscape_complex',
      'ecological_site',
      'natural_monument',
      'biosphere_reserve',
    ],
    // Flood-hazard maps (MZP) of PGW Wody Polskie.
    flood_risk: ['flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct', 'flood_embankment_failure'],
    // State Forests.
    forests: ['forest_promotional_complex'],
    // Wetland map of ITP-PIB and the Ramsar sites.
    wetlands: ['wetland', 'ramsar_wetland'],
  },
};

const PREFIX = 'kinds:';

export function isKindPart(part: string): boolean {
  return part.startsWith(PREFIX);
}

/** The kinds of a `kinds:<name>` part of the layer; refuses a name the layer has no such part for. */
export function kindPartKinds(layer: LayerDefinition, part: string): string[] {
  const parts = KIND_PARTS[layer.id];
  const kinds = parts?.[part.slice(PREFIX.length)];
  if (!kinds) {
    const known = parts
      ? Object.keys(parts)
          .map((name) => `${PREFIX}${name}`)
          .join(', ')
      : null;
    throw AppError.invalid(
      known
        ? `${layer.id} has no part ${part}; its parts by kind: ${known} (or TERYT codes).`
        : `${layer.id} is not split by kind; its parts are TERYT codes, not ${part}.`,
    );
  }
  return [...kinds];
}

/** The rows a part holds: by kind for `kinds:<name>`, else by the part's code and its gminas' codes. */
export function partScope(layer: LayerDefinition, part: string, gminas: readonly string[]): PartScope {
  return isKindPart(part) ? { column: 'kind', values: kindPartKinds(layer, part) } : { column: 'teryt', values: [part, ...gminas] };
}

/** A part's name as it may appear in a table name (`kinds:flood_risk` -> `k_flood_risk`). */
export function partSlug(part: string): string {
  return isKindPart(part) ? `k_${part.slice(PREFIX.length)}` : part;
}
