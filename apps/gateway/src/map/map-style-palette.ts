/**
 * Colours of the base map and of the overlays. Kept apart from the style's structure so the map
 * application's legend can show the same swatches (it reads them from the style's metadata).
 */
export const LAND_COVER_COLOURS: Record<string, string> = {
  arable: '#f4f0d6',
  orchard: '#dcebc0',
  grassland: '#e4f1cb',
  forest: '#c3ddb0',
  shrubland: '#d3e5bd',
  wetland: '#d4e8e4',
  water: '#a9d3ee',
  built_up: '#e6e0da',
  bare_ground: '#efe7dc',
};

export const ROAD_COLOURS: Record<string, string> = {
  motorway: '#e58a73',
  expressway: '#ee9f76',
  trunk: '#f4c27f',
  main: '#f9de95',
  collective: '#ffffff',
  local: '#ffffff',
  access: '#ffffff',
  internal: '#ffffff',
};

export const ZONING_COLOURS: Record<string, string> = {
  residential_single: '#f6c667',
  residential_multi: '#e8a33d',
  mixed_residential_services: '#e9b07a',
  commercial_services: '#e36d6d',
  public_services: '#c9569b',
  industrial: '#9b7bb8',
  industrial_services: '#b69bd0',
  agricultural: '#d9e6a4',
  forest: '#8fc283',
  green_recreation: '#a7d98e',
  cemetery: '#9fb59a',
  mining: '#8c7f70',
  transport: '#bdbdbd',
  infrastructure: '#9aa5b1',
  water: '#8ec5ea',
  other: '#d0d0d0',
};

/** Environmental constraints by what they mean for a project: blocking red, restrictive amber, water blue. */
export const ENV_COLOURS: Record<string, string> = {
  national_park: '#c0392b',
  nature_reserve: '#c0392b',
  natura2000_habitat: '#27ae60',
  natura2000_birds: '#2e8b57',
  landscape_park: '#7dbb6e',
  protected_landscape_area: '#a8cf8f',
  flood_risk_10pct: '#1f5fa8',
  flood_risk_1pct: '#3b82c4',
  flood_risk_02pct: '#86b7e0',
  flood_embankment_failure: '#a9c9e8',
  wetland: '#5fb3a8',
};

export const DEFAULT_OVERLAY_COLOUR = '#6b5b95';
