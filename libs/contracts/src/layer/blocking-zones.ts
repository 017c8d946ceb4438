import { findLayer } from './layer-catalogue.js';

/**
 * Where the law normally prevents new development, by layer and kind: national parks, nature
 * reserves, ecological sites and natural monuments (ustawa o ochronie przyrody), the special
 * flood-hazard areas of 10 % and 1 % (Prawo wodne art. 77), registered monuments (ustawa o ochronie
 * zabytków) and direct protection zones of water intakes (Prawo wodne art. 121).
 *
 * One list for every part of the product that says "blocked": parcel constraints give these kinds
 * the severity blocking, and the scenarios' "No blocking zone" excludes exactly these, so a parcel a
 * scenario passes is never one its own constraints call blocked.
 */
export const BLOCKING_ZONES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  env_layers: Object.freeze(['national_park', 'nature_reserve', 'ecological_site', 'natural_monument', 'flood_risk_10pct', 'flood_risk_1pct']),
  heritage_sites: Object.freeze(['registered_monument']),
  groundwater: Object.freeze(['intake_direct_protection']),
});

export function isBlockingZone(layer: string, kind: string): boolean {
  return BLOCKING_ZONES[layer]?.includes(kind) ?? false;
}

// a kind the catalogue does not have would silently block nothing
for (const [layer, kinds] of Object.entries(BLOCKING_ZONES)) {
  const known = findLayer(layer)?.kinds.map((k) => k.id) ?? [];
  for (const kind of kinds) if (!known.includes(kind)) throw new Error(`blocking zone ${layer}/${kind} is not a kind of the catalogue`);
}
