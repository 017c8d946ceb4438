/**
 * Where each layer's demo data comes from: 'real' when the demo loads real records from the shared
 * data dir (../shared/data), 'generated' otherwise, with a note where only part of the layer is real.
 * The demo generator's knowledge, not the service's contract: the served provenance of every row says
 * the same thing to users (`source_url` generated://…, the report's data notice).
 */
export interface DemoOrigin {
  origin: 'real' | 'generated';
  /** What exactly is real when only part of the layer is (e.g. only rail stops). */
  note?: string;
}

export const DEMO_ORIGIN: Readonly<Record<string, DemoOrigin>> = Object.freeze({
  parcels: {
    origin: 'generated',
    note: 'Generated parcels placed inside the real cadastral precincts of Poznań and powiat poznański, and in generated precincts elsewhere; their EGiB registration groups (ownership) are generated too',
  },
  cadastral_units: { origin: 'real', note: 'Real units and precincts of Poznań, powiat poznański and Kostrzyn nad Odrą; generated precincts for the other demo gminas' },
  admin_bounds: { origin: 'real', note: 'Every voivodeship, powiat and gmina with current TERYT codes and names; detailed geometry for wielkopolskie (Poznań area), warmińsko-mazurskie, lubuskie and kujawsko-pomorskie, simplified elsewhere' },
  mpzp_plans: { origin: 'generated' },
  mpzp_zones: { origin: 'generated' },
  plan_ogolny_zones: { origin: 'generated' },
  studium_zones: { origin: 'generated' },
  gunb_permits: { origin: 'generated' },
  psi: { origin: 'generated' },
  env_layers: { origin: 'real', note: 'Real national parks, Ramsar sites, UNESCO biosphere reserves and forest promotional complexes (GDOŚ / State Forests); Natura 2000, landscape parks, reserves, flood zones and wetlands are generated' },
  groundwater: { origin: 'generated' },
  forest_stands: { origin: 'generated' },
  land_cover: { origin: 'generated' },
  air_quality: { origin: 'generated' },
  power_substations: { origin: 'real', note: 'Real OpenStreetMap substations (power-grid data set, about 2016; 1,861 incl. 509 tagged 110 kV); MV substations are generated' },
  power_lines: { origin: 'real', note: 'Real OpenStreetMap 110 to 750 kV lines (straight segments between substations); MV lines are generated' },
  grid_capacity: { origin: 'generated', note: 'Generated for one operator area only, so coverage partial and missing both occur' },
  solar_irradiance: { origin: 'generated' },
  oze_installations: { origin: 'generated' },
  wind_exclusion: { origin: 'generated' },
  data_centers: { origin: 'generated' },
  ev_chargers: { origin: 'generated' },
  roads: { origin: 'generated' },
  transport_stops: { origin: 'real', note: 'Real railway stations (PLRailMap); bus and tram stops are generated' },
  planned_roads: { origin: 'generated' },
  planned_railways: { origin: 'generated' },
  cpk: { origin: 'generated' },
  waterways: { origin: 'generated' },
  hydrants: { origin: 'generated' },
  industrial_areas: { origin: 'generated' },
  buildings: { origin: 'generated' },
  services_poi: { origin: 'generated' },
  heritage_sites: { origin: 'generated' },
  terrain_stats: {
    origin: 'generated',
    note: 'Computed by the service from a generated elevation model (10 m sheets, tools/demo/generate/dem.ts), for some powiats only, so coverage partial and missing both occur',
  },
  contours: { origin: 'generated', note: 'Drawn by the service (gdal_contour, 5 m) from the generated elevation model' },
  terrain_hillshade: { origin: 'generated', note: 'Tiles drawn by the service from the generated elevation model; the features are generated map-sheet footprints' },
  ortho: { origin: 'generated' },
  mining_areas: { origin: 'generated' },
  aviation_obstacles: { origin: 'generated' },
  airspace: { origin: 'generated' },
  transactions: { origin: 'generated' },
  lokale: { origin: 'generated' },
  prices: { origin: 'generated' },
  offer_prices: { origin: 'generated' },
  epc: { origin: 'generated' },
  demographics: { origin: 'generated' },
  kowr_land: { origin: 'generated' },
  protests: { origin: 'generated' },
});

/** The demo origin of a catalogue layer; every layer has one (demo-origin.spec.ts). */
export function demoOrigin(layerId: string): DemoOrigin {
  const origin = DEMO_ORIGIN[layerId];
  if (!origin) throw new Error(`no demo origin for layer ${layerId}; add it to tools/demo/demo-origin.ts`);
  return origin;
}
