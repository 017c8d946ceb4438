import { BLOCKING_ZONES, isBlockingZone, type ConstraintSeverity } from '@lp/contracts';

export interface ConstraintKindRule {
  topic: string;
  layer: string;
  kind: string;
  /** Severity when the area overlaps the parcel; an area only within the buffer is informational */
  severity: ConstraintSeverity;
}

/**
 * What blocks is decided by one list (BLOCKING_ZONES, shared with the scenarios' "No blocking
 * zone"): a kind written here as blocking must be in it, and every kind in it must be written here.
 */
const rules = (topic: string, layer: string, kinds: Record<string, ConstraintSeverity>): ConstraintKindRule[] =>
  Object.entries(kinds).map(([kind, severity]) => {
    if ((severity === 'blocking') !== isBlockingZone(layer, kind)) throw new Error(`constraint ${layer}/${kind}: severity ${severity} disagrees with BLOCKING_ZONES`);
    return { topic, layer, kind, severity };
  });

/**
 * Which layer kinds are constraints, under which topic and how strong. Blocking means the law
 * normally prevents new development there: the kinds of BLOCKING_ZONES. Restrictive means allowed under conditions (an
 * appropriate assessment in Natura 2000, park rules, height limits under aerodrome surfaces,
 * mining-damage measures). Informational marks what a buyer should know but rarely limits use.
 */
export const CONSTRAINT_RULES: readonly ConstraintKindRule[] = Object.freeze([
  ...rules('natura2000', 'env_layers', { natura2000_habitat: 'restrictive', natura2000_birds: 'restrictive' }),
  ...rules('national_park', 'env_layers', { national_park: 'blocking', national_park_buffer: 'restrictive' }),
  ...rules('nature_reserve', 'env_layers', { nature_reserve: 'blocking', ecological_site: 'blocking', natural_monument: 'blocking' }),
  ...rules('protected_landscape', 'env_layers', {
    landscape_park: 'restrictive',
    protected_landscape_area: 'restrictive',
    nature_landscape_complex: 'restrictive',
    biosphere_reserve: 'informational',
    forest_promotional_complex: 'informational',
  }),
  ...rules('flood_risk', 'env_layers', {
    flood_risk_10pct: 'blocking',
    flood_risk_1pct: 'blocking',
    flood_risk_02pct: 'restrictive',
    flood_embankment_failure: 'restrictive',
  }),
  ...rules('wetland', 'env_layers', { wetland: 'restrictive', ramsar_wetland: 'restrictive' }),
  ...rules('heritage', 'heritage_sites', {
    registered_monument: 'blocking',
    world_heritage_site: 'restrictive',
    monument_of_history: 'restrictive',
    historic_urban_layout: 'restrictive',
    historic_park: 'restrictive',
    cultural_park: 'restrictive',
    archaeological_site: 'restrictive',
  }),
  ...rules('mining', 'mining_areas', { mining_area: 'restrictive', mining_terrain: 'restrictive', mineral_deposit: 'informational' }),
  ...rules('aviation', 'aviation_obstacles', {
    approach_surface: 'restrictive',
    take_off_climb_surface: 'restrictive',
    transitional_surface: 'restrictive',
    inner_horizontal_surface: 'informational',
    conical_surface: 'informational',
    outer_horizontal_surface: 'informational',
    registered_obstacle: 'informational',
  }),
  ...rules('groundwater', 'groundwater', {
    intake_direct_protection: 'blocking',
    intake_indirect_protection: 'restrictive',
    reservoir_protection_area: 'restrictive',
    major_groundwater_reservoir: 'informational',
  }),
  // The statutory setbacks (ustawa o inwestycjach w zakresie elektrowni wiatrowych: 700 m from
  // housing, 10H from national parks, 500 m from reserves) say where a wind turbine may not
  // stand; they restrict nothing else built on the parcel. Informational here, for every use;
  // the wind_farm_site scenario checks them as its hard criterion "Statutory setback clear", and
  // a report judged for that scenario says so as a restriction.
  ...rules('wind_setback', 'wind_exclusion', {
    residential_setback: 'informational',
    national_park_setback: 'informational',
    nature_reserve_setback: 'informational',
    power_line_setback: 'informational',
  }),
]);

for (const [layer, kinds] of Object.entries(BLOCKING_ZONES)) {
  for (const kind of kinds) if (!CONSTRAINT_RULES.some((r) => r.layer === layer && r.kind === kind)) throw new Error(`blocking zone ${layer}/${kind} has no constraint rule`);
}

export const CONSTRAINT_TOPICS: readonly string[] = Object.freeze([...new Set(CONSTRAINT_RULES.map((r) => r.topic))]);
export const CONSTRAINT_LAYERS: readonly string[] = Object.freeze([...new Set(CONSTRAINT_RULES.map((r) => r.layer))]);
