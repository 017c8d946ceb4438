import { CRITERIA, worded } from './scenario-criteria.js';
import type { ScenarioDefinition } from './scenario-definition.js';

const HECTARE = 10_000;

/** The twelve scenarios of the spec's scenario table, in its order. */
export const SCENARIOS: readonly ScenarioDefinition[] = [
  {
    id: 'solar_farm_site',
    title: 'Solar farm',
    titlePl: 'Farma fotowoltaiczna',
    description: 'Ground-mounted PV: open, sunny, not steep land near a high-voltage substation, clear of protected nature and flood zones.',
    criteria: [
      CRITERIA.minArea,
      CRITERIA.noBlockingZone,
      worded(CRITERIA.environmentalRisk, 'No environmental risk nearby'),
      CRITERIA.nearSubstation,
      CRITERIA.minSolarYield,
      CRITERIA.slope,
      CRITERIA.notForestOrOrchard,
    ],
    defaults: { min_area_sqm: 1 * HECTARE },
    signals: [
      { signal: 'grid_distance_km', weight: 40 },
      { signal: 'solar_yield_kwh_kwp', weight: 30 },
      { signal: 'area', weight: 20 },
      { signal: 'slope_pct', weight: 10 },
    ],
  },
  {
    id: 'wind_farm_site',
    title: 'Wind farm',
    titlePl: 'Farma wiatrowa',
    description: 'Wind turbines: outside the statutory setbacks, 1 km from protected nature and flood zones, within reach of a substation.',
    criteria: [
      CRITERIA.minArea,
      CRITERIA.noBlockingZone,
      CRITERIA.windSetback,
      worded(CRITERIA.environmentalRisk, 'No environmental risk within 1 km'),
      CRITERIA.nearSubstation,
    ],
    // spec: "wind_farm_site uses a 1 km environmental buffer and a 15 km substation reach"; 700 m from homes is the wind act's floor
    defaults: { min_area_sqm: 0.5 * HECTARE, env_buffer_m: 1000, substation_km: 15, residential_setback_m: 700 },
    // the act allows a local plan no less than 700 m: an override or a near-miss step stops there
    statutoryMinimums: { residential_setback_m: 700 },
    signals: [
      { signal: 'grid_distance_km', weight: 50 },
      { signal: 'area', weight: 50 },
    ],
  },
  {
    id: 'bess_storage',
    title: 'Battery energy storage (BESS)',
    titlePl: 'Magazyn energii (BESS)',
    description: 'Grid-scale batteries: published connection capacity and a high-voltage substation nearby, flat land clear of environmental risk.',
    criteria: [
      CRITERIA.minArea,
      CRITERIA.noBlockingZone,
      CRITERIA.gridCapacity,
      CRITERIA.nearSubstation,
      CRITERIA.environmentalRisk,
      CRITERIA.slope,
      worded(CRITERIA.residentialSetback, 'Fire distance from homes'),
    ],
    // no statutory distance for batteries: 100 m is the fire and noise assumption, overridable
    defaults: { min_area_sqm: 0.2 * HECTARE, residential_setback_m: 100 },
    signals: [
      { signal: 'grid_capacity_mw', weight: 55 },
      { signal: 'grid_distance_km', weight: 30 },
      { signal: 'area', weight: 15 },
    ],
  },
  {
    id: 'agrivoltaics_site',
    title: 'Agrivoltaics',
    titlePl: 'Agrofotowoltaika',
    description: 'PV above crops or pasture: agricultural land near a medium-voltage line, not forest or orchard, clear of environmental risk.',
    criteria: [
      CRITERIA.minArea,
      CRITERIA.agriculturalLand,
      CRITERIA.nearMvLine,
      CRITERIA.noBlockingZone,
      CRITERIA.notForestOrOrchard,
      CRITERIA.slope,
      CRITERIA.environmentalRisk,
    ],
    defaults: { min_area_sqm: 2 * HECTARE },
    signals: [
      { signal: 'grid_distance_km', weight: 45 },
      { signal: 'solar_yield_kwh_kwp', weight: 30 },
      { signal: 'area', weight: 25 },
    ],
  },
  {
    id: 'biogas_plant',
    title: 'Biogas plant',
    titlePl: 'Biogazownia',
    description: 'Agricultural biogas: farmland near a substation, clear of protected nature and flood zones.',
    criteria: [
      CRITERIA.minArea,
      CRITERIA.agriculturalLand,
      CRITERIA.noBlockingZone,
      CRITERIA.nearSubstation,
      CRITERIA.environmentalRisk,
      CRITERIA.residentialSetback,
    ],
    // no statutory distance for biogas plants: 300 m from homes is the odour assumption, overridable
    defaults: { min_area_sqm: 0.5 * HECTARE, residential_setback_m: 300 },
    signals: [
      { signal: 'area', weight: 45 },
      { signal: 'grid_distance_km', weight: 35 },
      { signal: 'slope_pct', weight: 20 },
    ],
  },
  {
    id: 'data_center_site',
    title: 'Data centre',
    titlePl: 'Centrum danych',
    description: 'Data centre: at least 20 MW of connection capacity, a substation and cooling water nearby, flat land clear of environmental risk.',
    criteria: [
      CRITERIA.minArea,
      worded(CRITERIA.gridCapacity, 'Grid capacity at least 20 MW'),
      CRITERIA.nearSubstation,
      CRITERIA.nearWater,
      CRITERIA.environmentalRisk,
      CRITERIA.slope,
    ],
    // spec criterion "grid capacity at least 20 MW": the min_capacity_mw default for this scenario
    defaults: { min_area_sqm: 0.5 * HECTARE, min_capacity_mw: 20 },
    signals: [
      { signal: 'grid_capacity_mw', weight: 45 },
      { signal: 'water_distance_m', weight: 30 },
      { signal: 'area', weight: 25 },
    ],
  },
  {
    id: 'urban_residential_development',
    title: 'Urban residential development',
    titlePl: 'Zabudowa mieszkaniowa w mieście',
    description: 'Infill housing: vacant plots zoned residential, near public transport.',
    criteria: [CRITERIA.minArea, CRITERIA.residentialZoning, CRITERIA.vacant, CRITERIA.environmentalRisk, CRITERIA.slope, CRITERIA.nearTransit],
    defaults: { min_area_sqm: 500 },
    signals: [
      { signal: 'area', weight: 40 },
      { signal: 'transit_distance_m', weight: 35 },
      { signal: 'slope_pct', weight: 25 },
    ],
  },
  {
    id: 'housing_estate_site',
    title: 'Housing estate',
    titlePl: 'Osiedle mieszkaniowe',
    description: 'A housing estate: larger vacant residential land near a school and public transport, outside the state agricultural stock.',
    criteria: [
      CRITERIA.minArea,
      CRITERIA.residentialZoning,
      CRITERIA.vacant,
      CRITERIA.nearSchool,
      CRITERIA.nearTransit,
      CRITERIA.environmentalRisk,
      CRITERIA.slope,
      CRITERIA.noStateLandPreEmption,
    ],
    defaults: { min_area_sqm: 0.5 * HECTARE },
    signals: [
      { signal: 'area', weight: 35 },
      { signal: 'transit_distance_m', weight: 35 },
      { signal: 'slope_pct', weight: 30 },
    ],
  },
  {
    id: 'retail_park_site',
    title: 'Retail park',
    titlePl: 'Park handlowy',
    description: 'A retail park: vacant land zoned for commerce, reachable by public transport.',
    criteria: [CRITERIA.minArea, CRITERIA.commercialZoning, CRITERIA.vacant, CRITERIA.nearTransit, CRITERIA.environmentalRisk, CRITERIA.slope],
    defaults: { min_area_sqm: 0.5 * HECTARE },
    signals: [
      { signal: 'area', weight: 45 },
      { signal: 'transit_distance_m', weight: 45 },
      { signal: 'slope_pct', weight: 10 },
    ],
  },
  {
    id: 'logistics_warehouse',
    title: 'Logistics warehouse',
    titlePl: 'Magazyn logistyczny',
    description: 'A warehouse or logistics centre: large flat land near a planned road, clear of environmental risk.',
    criteria: [CRITERIA.minArea, CRITERIA.nearPlannedRoad, CRITERIA.environmentalRisk, CRITERIA.slope],
    defaults: { min_area_sqm: 1 * HECTARE },
    signals: [
      { signal: 'area', weight: 50 },
      { signal: 'slope_pct', weight: 30 },
      { signal: 'transit_distance_m', weight: 20 },
    ],
  },
  {
    id: 'brownfield_redevelopment',
    title: 'Brownfield redevelopment',
    titlePl: 'Rewitalizacja terenu poprzemysłowego',
    description: 'Redevelopment of industrial land with low existing buildings, outside heritage protection.',
    criteria: [CRITERIA.minArea, CRITERIA.industrialZoning, CRITERIA.lowRiseBuilding, CRITERIA.slope, CRITERIA.notHeritage, CRITERIA.notContaminated],
    defaults: { min_area_sqm: 0.1 * HECTARE },
    signals: [
      { signal: 'area', weight: 50 },
      { signal: 'floors', weight: 30 },
      { signal: 'slope_pct', weight: 20 },
    ],
  },
  {
    id: 'public_land_opportunity',
    title: 'Public land opportunity',
    titlePl: 'Grunty z Zasobu Własności Rolnej Skarbu Państwa',
    description: 'Parcels in the state agricultural land stock (KOWR), for lease or purchase.',
    criteria: [CRITERIA.minArea, CRITERIA.overlapsStateLand],
    defaults: { min_area_sqm: 0.3 * HECTARE },
    signals: [
      { signal: 'area', weight: 60 },
      { signal: 'transit_distance_m', weight: 40 },
    ],
  },
];

export const SCENARIO_IDS: readonly string[] = SCENARIOS.map((scenario) => scenario.id);

export function findScenario(id: string): ScenarioDefinition | undefined {
  return SCENARIOS.find((scenario) => scenario.id === id);
}
