import { describe, expect, it } from '@jest/globals';
import {
  LAYER_CATALOGUE,
  LAYER_IDS,
  expandKinds,
  findLayer,
  isKnownKind,
  type ServedVia,
} from './layer-catalogue.js';
import {
  PLAN_OGOLNY_ZONE_TYPES,
  ZONING_CATEGORIES,
  ZONING_CATEGORY_GROUPS,
  ZONING_SYMBOL_CATEGORY,
  canonicalZoningSymbol,
  isZoningCategory,
  normaliseZoningSymbol,
} from './zoning-taxonomy.js';

/** The spec's "Data layer catalogue" table, in order, with "served via" as written there. */
const SPEC_LAYERS: ReadonlyArray<[string, ServedVia[]]> = [
  ['parcels', ['api', 'tiles']],
  ['cadastral_units', ['api']],
  ['admin_bounds', ['api']],
  ['mpzp_plans', ['api']],
  ['mpzp_zones', ['api', 'tiles']],
  ['plan_ogolny_zones', ['api', 'tiles']],
  ['studium_zones', ['api', 'tiles']],
  ['gunb_permits', ['api']],
  ['psi', ['api']],
  ['env_layers', ['api', 'tiles']],
  ['groundwater', ['api']],
  ['forest_stands', ['api', 'tiles']],
  ['land_cover', ['api']],
  ['air_quality', ['api', 'tiles']],
  ['power_substations', ['api']],
  ['power_lines', ['api']],
  ['grid_capacity', ['api', 'tiles']],
  ['solar_irradiance', ['api']],
  ['oze_installations', ['api']],
  ['wind_exclusion', ['api']],
  ['data_centers', ['api']],
  ['ev_chargers', ['api']],
  ['roads', ['api', 'tiles']],
  ['transport_stops', ['api', 'tiles']],
  ['planned_roads', ['api']],
  ['planned_railways', ['api']],
  ['cpk', ['api']],
  ['waterways', ['api']],
  ['hydrants', ['api']],
  ['industrial_areas', ['api']],
  ['buildings', ['api', 'tiles']],
  ['services_poi', ['api']],
  ['heritage_sites', ['api']],
  ['terrain_stats', ['api']],
  ['contours', ['tiles']],
  ['terrain_hillshade', ['wms']],
  ['ortho', ['wms']],
  ['mining_areas', ['api', 'tiles']],
  ['aviation_obstacles', ['api', 'tiles']],
  ['airspace', ['api', 'tiles']],
  ['transactions', ['api']],
  ['lokale', ['api']],
  ['prices', ['api']],
  ['offer_prices', ['api']],
  ['epc', ['api']],
  ['demographics', ['api']],
  ['kowr_land', ['api', 'tiles']],
  ['protests', ['api']],
];
const SPEC_IDS = SPEC_LAYERS.map(([id]) => id);

/** Spec Limits, "Coverage": the partial layers. */
const SPEC_PARTIAL = ['mpzp_zones', 'plan_ogolny_zones', 'grid_capacity', 'terrain_stats'];

/** Spec cadence table, for the layers it names. */
const SPEC_CADENCE: Record<string, string> = {
  airspace: 'daily',
  air_quality: 'daily',
  grid_capacity: 'weekly',
  gunb_permits: 'weekly',
  transactions: 'weekly',
  plan_ogolny_zones: 'weekly',
  mpzp_plans: 'monthly',
  mpzp_zones: 'monthly',
  env_layers: 'monthly',
  groundwater: 'monthly',
  forest_stands: 'monthly',
  power_substations: 'monthly',
  power_lines: 'monthly',
  services_poi: 'monthly',
  parcels: 'quarterly',
  buildings: 'quarterly',
  roads: 'quarterly',
  terrain_stats: 'quarterly',
  contours: 'quarterly',
  terrain_hillshade: 'quarterly',
};

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

describe('layer catalogue', () => {
  it('has 48 spec layers, each exactly once, in spec order', () => {
    expect(SPEC_IDS).toHaveLength(48);
    for (const id of SPEC_IDS) {
      expect(LAYER_CATALOGUE.filter((l) => l.id === id)).toHaveLength(1);
    }
    expect([...LAYER_IDS]).toEqual(SPEC_IDS);
  });

  it('has unique snake_case ids', () => {
    expect(new Set(LAYER_IDS).size).toBe(LAYER_IDS.length);
    for (const id of LAYER_IDS) expect(id).toMatch(SNAKE);
  });

  it('marks exactly the four spec layers as partial', () => {
    const partial = LAYER_CATALOGUE.filter((l) => l.coverage === 'partial').map((l) => l.id);
    expect(partial.sort()).toEqual([...SPEC_PARTIAL].sort());
  });

  it.each(SPEC_LAYERS)('%s is served via the spec channels', (id, servedVia) => {
    const layer = findLayer(id);
    expect(layer).toBeDefined();
    expect([...layer!.servedVia].sort()).toEqual([...servedVia].sort());
  });

  it('tiles layers have tiles in servedVia, and wms layers are rasters', () => {
    const tiles = SPEC_LAYERS.filter(([, v]) => v.includes('tiles')).map(([id]) => id);
    for (const id of tiles) expect(findLayer(id)!.servedVia).toContain('tiles');
    for (const l of LAYER_CATALOGUE) {
      if (l.servedVia.includes('wms')) expect(l.geometryType).toBe('Raster');
      if (l.geometryType === 'Raster') expect(l.servedVia).toEqual(['wms']);
    }
  });

  it('follows the spec cadence table', () => {
    for (const [id, cadence] of Object.entries(SPEC_CADENCE)) {
      expect({ id, cadence: findLayer(id)!.cadence }).toEqual({ id, cadence });
    }
  });

  it('gives every layer a name, a non-empty source and at least one kind', () => {
    for (const l of LAYER_CATALOGUE) {
      expect(l.name.trim().length).toBeGreaterThan(0);
      expect(l.source.trim().length).toBeGreaterThan(10);
      expect(l.kinds.length).toBeGreaterThan(0);
    }
  });

  it('credits OpenStreetMap as required wherever it is used', () => {
    for (const l of LAYER_CATALOGUE) {
      if (/openstreetmap/i.test(l.source)) expect(l.source).toContain('© OpenStreetMap contributors');
    }
  });

  it('has snake_case, unique kind ids and attribute names per layer', () => {
    for (const l of LAYER_CATALOGUE) {
      const kinds = l.kinds.map((k) => k.id);
      expect({ layer: l.id, unique: new Set(kinds).size === kinds.length }).toEqual({ layer: l.id, unique: true });
      for (const k of l.kinds) {
        expect(k.id).toMatch(SNAKE);
        expect(k.description.length).toBeGreaterThan(0);
      }
      const attrs = l.attributes.map((a) => a.name);
      expect({ layer: l.id, unique: new Set(attrs).size === attrs.length }).toEqual({ layer: l.id, unique: true });
      for (const a of l.attributes) {
        expect(a.name).toMatch(SNAKE);
        expect(a.description.length).toBeGreaterThan(0);
      }
    }
  });

  it('kind groups refer to existing kinds and do not shadow kinds', () => {
    for (const l of LAYER_CATALOGUE) {
      const kinds = new Set(l.kinds.map((k) => k.id));
      for (const [group, members] of Object.entries(l.kindGroups ?? {})) {
        expect(group).toMatch(SNAKE);
        expect(kinds.has(group)).toBe(false);
        for (const m of members) expect({ layer: l.id, group, kind: m, known: kinds.has(m) }).toEqual({ layer: l.id, group, kind: m, known: true });
      }
    }
  });

  it('carries the attributes used by search where filters and ranking', () => {
    const attr = (layer: string, name: string) => findLayer(layer)!.attributes.find((a) => a.name === name);
    expect(attr('power_substations', 'voltage_kv')).toMatchObject({ type: 'number', unit: 'kV' });
    expect(attr('grid_capacity', 'available_mw')).toMatchObject({ type: 'number', unit: 'MW' });
    expect(attr('solar_irradiance', 'yield_kwh_kwp')).toMatchObject({ type: 'number' });
    expect(attr('buildings', 'floors')).toMatchObject({ type: 'integer' });
    expect(attr('buildings', 'function')).toBeDefined();
    expect(attr('transactions', 'price_per_sqm_pln')).toBeDefined();
    expect(attr('mpzp_zones', 'symbol')).toBeDefined();
    expect(attr('mpzp_zones', 'category')).toBeDefined();
    expect(attr('mpzp_zones', 'max_height_m')).toBeDefined();
    expect(attr('terrain_stats', 'slope_mean_pct')).toBeDefined();
  });

  it('has the kinds the scenarios and the natural-language table rely on', () => {
    const has = (layer: string, kind: string) => isKnownKind(layer, kind);
    expect(has('env_layers', 'natura2000')).toBe(true); // spec exclude kinds value seen
    expect(has('env_layers', 'flood_risk_1pct')).toBe(true); // spec exclude kinds value seen
    expect(has('env_layers', 'flood_risk_02pct')).toBe(true);
    for (const k of ['national_park', 'landscape_park', 'nature_reserve', 'wetland']) expect(has('env_layers', k)).toBe(true);
    for (const k of ['arable', 'orchard', 'grassland', 'forest', 'built_up', 'water']) expect(has('land_cover', k)).toBe(true);
    for (const k of ['bus', 'tram', 'rail']) expect(has('transport_stops', k)).toBe(true);
    for (const k of ['motorway', 'expressway', 'trunk', 'main', 'collective', 'local', 'access']) expect(has('roads', k)).toBe(true);
    for (const k of ['hv_substation', 'mv_substation']) expect(has('power_substations', k)).toBe(true);
    expect(has('power_lines', 'mv_line')).toBe(true);
    for (const k of ['school', 'kindergarten', 'clinic', 'hospital', 'shop', 'pharmacy', 'post_office']) expect(has('services_poi', k)).toBe(true);
    for (const k of ['land', 'building', 'apartment']) expect(has('transactions', k)).toBe(true);
    expect(isKnownKind('nope', 'x')).toBe(false);
  });

  it('expands kind groups', () => {
    expect(expandKinds('env_layers', ['natura2000', 'flood_risk_1pct'])).toEqual([
      'natura2000_habitat',
      'natura2000_birds',
      'flood_risk_1pct',
    ]);
    expect(expandKinds('env_layers', ['natura2000_birds', 'natura2000'])).toEqual(['natura2000_birds', 'natura2000_habitat']);
    expect(expandKinds('roads', ['trunk', 'unknown'])).toEqual(['trunk', 'unknown']);
  });

  it('uses zoning categories as kinds of the zone layers', () => {
    expect(findLayer('mpzp_zones')!.kinds.map((k) => k.id)).toEqual([...ZONING_CATEGORIES]);
    const po = findLayer('plan_ogolny_zones')!.kinds.map((k) => k.id);
    for (const z of PLAN_OGOLNY_ZONE_TYPES) expect(po).toContain(z.kind);
  });

  it('is immutable and findLayer misses unknown ids', () => {
    expect(Object.isFrozen(LAYER_CATALOGUE)).toBe(true);
    expect(Object.isFrozen(findLayer('parcels')!.kinds)).toBe(true);
    expect(findLayer('no_such_layer')).toBeUndefined();
    expect(findLayer('parcels')!.geometryType).toBe('Polygon');
  });
});

describe('zoning taxonomy', () => {
  it('has the categories the spec shows', () => {
    expect(ZONING_CATEGORIES).toContain('industrial');
    expect(ZONING_CATEGORIES).toContain('commercial_services');
    expect(new Set(ZONING_CATEGORIES).size).toBe(ZONING_CATEGORIES.length);
    for (const c of ZONING_CATEGORIES) expect(c).toMatch(SNAKE);
  });

  it('maps every symbol to a known category, and groups hold known categories', () => {
    for (const [symbol, category] of Object.entries(ZONING_SYMBOL_CATEGORY)) {
      expect({ symbol, ok: isZoningCategory(category) }).toEqual({ symbol, ok: true });
      // every canonical key normalises to its own category
      expect({ symbol, category: normaliseZoningSymbol(symbol) }).toEqual({ symbol, category });
    }
    for (const members of Object.values(ZONING_CATEGORY_GROUPS)) for (const c of members) expect(isZoningCategory(c)).toBe(true);
  });

  it('industrial zoning covers P, PU and P/U (spec)', () => {
    for (const raw of ['P', 'PU', 'P/U']) expect(ZONING_CATEGORY_GROUPS['industrial']).toContain(normaliseZoningSymbol(raw));
    expect(normaliseZoningSymbol('P')).toBe('industrial');
    expect(normaliseZoningSymbol('PU')).toBe('industrial');
    expect(normaliseZoningSymbol('P/U')).toBe('industrial');
  });

  const TABLE: ReadonlyArray<[string, string]> = [
    ['MN', 'residential_single'],
    ['mn', 'residential_single'],
    [' 1MN ', 'residential_single'],
    ['12.MN', 'residential_single'],
    ['12 MN', 'residential_single'],
    ['MN1', 'residential_single'],
    ['MN.2', 'residential_single'],
    ['MN-1', 'residential_single'],
    ['MNe', 'residential_single'],
    ['A.12.MN', 'residential_single'],
    ['C.1.MN', 'residential_single'],
    ['B1MN', 'residential_single'],
    ['3MW', 'residential_multi'],
    ['MW 4', 'residential_multi'],
    ['MN/MW', 'residential_multi'],
    ['MN/U', 'mixed_residential_services'],
    ['1.MN/U', 'mixed_residential_services'],
    ['MN-U', 'mixed_residential_services'],
    ['MN,U', 'mixed_residential_services'],
    ['MNU', 'mixed_residential_services'],
    ['MW/U', 'mixed_residential_services'],
    ['2 MW/U', 'mixed_residential_services'],
    ['U/MN', 'mixed_residential_services'],
    ['MN/UT', 'mixed_residential_services'],
    ['MN i U', 'mixed_residential_services'],
    ['MW(U)', 'mixed_residential_services'],
    ['U', 'commercial_services'],
    ['5U', 'commercial_services'],
    ['UC', 'commercial_services'],
    ['UC.1', 'commercial_services'],
    ['UH', 'commercial_services'],
    ['UT', 'commercial_services'],
    ['UP', 'public_services'],
    ['UO', 'public_services'],
    ['US', 'green_recreation'],
    ['P', 'industrial'],
    ['1P', 'industrial'],
    ['P1', 'industrial'],
    ['PU', 'industrial'],
    ['pu', 'industrial'],
    ['P/U', 'industrial'],
    ['P-U', 'industrial'],
    ['P, U', 'industrial'],
    ['P U', 'industrial'],
    ['7.P/U', 'industrial'],
    ['PS', 'industrial'],
    ['U/P', 'industrial_services'],
    ['U-P', 'industrial_services'],
    ['PG', 'mining'],
    ['R', 'agricultural'],
    ['RM', 'agricultural'],
    ['2RM', 'agricultural'],
    ['RU', 'agricultural'],
    ['RO', 'agricultural'],
    ['ZL', 'forest'],
    ['ZL1', 'forest'],
    ['ZLz', 'forest'],
    ['ZP', 'green_recreation'],
    ['ZD', 'green_recreation'],
    ['ZZ', 'green_recreation'],
    ['ZN', 'green_recreation'],
    ['ZC', 'cemetery'],
    ['WS', 'water'],
    ['3WS', 'water'],
    ['KD', 'transport'],
    ['KDL', 'transport'],
    ['1KDL', 'transport'],
    ['KD-L', 'transport'],
    ['KD (D)', 'transport'],
    ['KDZ', 'transport'],
    ['KDG', 'transport'],
    ['KDGP', 'transport'],
    ['KDD', 'transport'],
    ['KDW', 'transport'],
    ['12.KDW', 'transport'],
    ['KDX', 'transport'],
    ['KP', 'transport'],
    ['KS', 'transport'],
    ['KK', 'transport'],
    ['E', 'infrastructure'],
    ['E1', 'infrastructure'],
    ['W', 'infrastructure'],
    ['K', 'infrastructure'],
    ['G', 'infrastructure'],
    ['IT', 'infrastructure'],
    ['EW', 'infrastructure'],
    ['', 'other'],
    ['   ', 'other'],
    ['123', 'other'],
    ['XYZ-?', 'other'],
  ];

  it.each(TABLE)('normalises %j to %s', (raw, category) => {
    expect(normaliseZoningSymbol(raw)).toBe(category);
  });

  it('has a table of at least 30 spellings', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  it('gives canonical spellings', () => {
    expect(canonicalZoningSymbol('12.mn-u')).toBe('MN/U');
    expect(canonicalZoningSymbol('P-U')).toBe('P/U');
    expect(canonicalZoningSymbol('KD-L 01')).toBe('KDL');
    expect(canonicalZoningSymbol('MN.2')).toBe('MN');
    expect(canonicalZoningSymbol('123')).toBeNull();
  });
});
