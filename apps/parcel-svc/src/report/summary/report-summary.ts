import type {
  ConstraintItemView,
  ConstraintsView,
  MarketSummaryView,
  PlanOgolnyZoneView,
  ProximityView,
  RegulationsView,
  ReportLanguage,
  ScenarioFitView,
  TerrainView,
  ZoningCategory,
} from '@lp/contracts';
import { criterionLabel, isPlanOgolnyBinding } from '@lp/contracts';
import { constraintAreaName, layerName, planStatus } from '../report-terms.js';
import { CATEGORY_ALLOWS, formatDate, formatDistance, formatHectares, formatNumber, HV_MIN_KV, proximityItemLabel, proximityLabel } from '../report-vocabulary.js';
import { SUMMARY_PHRASES, type Flatness, type SummaryPhrases } from './summary-phrases.js';

/** The scenario for which wind-turbine setbacks are a restriction, and their constraint topic. */
export const WIND_SCENARIO = 'wind_farm_site';
export const WIND_SETBACK_TOPIC = 'wind_setback';

/** Everything the summary speaks about: the report's facts, already derived. */
export interface SummaryFacts {
  parcelId: string;
  gmina: string;
  areaSqm: number;
  regulations: RegulationsView;
  constraints: ConstraintsView;
  terrain: TerrainView;
  proximity: ProximityView;
  market: MarketSummaryView;
  scenarioFit: ScenarioFitView | null;
  /** The scenario asked for, with its title in the report language when search-svc gave one. */
  scenario?: { id: string; title: string | null; evaluated: boolean } | null;
  /** The demo-data notice, said first. */
  dataNotice?: string | null;
}

/**
 * The distances a buyer asks about first, in this order. The grid comes first as the nearest HV
 * substation (at least 110 kV), followed by a closer MV transformer station when there is one:
 * a transformer station is not a grid connection point for a farm or storage.
 */
export const SUMMARY_PROXIMITY_KINDS = ['hv_substation', 'transit_stop', 'school', 'water'] as const;

/**
 * The sentences a buyer wants first: area, zoning and what it allows, blocking and restrictive
 * constraints, terrain, nearest infrastructure, price level, scenario fit. A fact whose layer has
 * no data here is said to be unknown; it is never turned into a "no" or a zero.
 */
export function summarise(facts: SummaryFacts, language: ReportLanguage): string[] {
  const say = SUMMARY_PHRASES[language];
  return [
    ...(facts.dataNotice ? [facts.dataNotice] : []),
    say.area(facts.parcelId, facts.gmina, formatNumber(Math.round(facts.areaSqm), language), formatHectares(facts.areaSqm, language)),
    ...zoning(facts.regulations, say, language),
    ...constraints(facts.constraints, say, language, facts.scenario?.id ?? null),
    terrain(facts.terrain, say, language),
    ...nearest(facts.proximity, say, language),
    price(facts.market, say, language),
    ...scenario(facts, say, language),
  ];
}

function zoning(regulations: RegulationsView, say: SummaryPhrases, language: ReportLanguage): string[] {
  const { mpzp, plan_ogolny: general } = regulations;
  if (mpzp) {
    const limits = [
      ...(mpzp.max_height_m !== null ? [say.maxHeight(formatNumber(mpzp.max_height_m, language, 1))] : []),
      ...(mpzp.max_building_coverage_pct !== null ? [say.maxCoverage(formatNumber(mpzp.max_building_coverage_pct, language))] : []),
    ];
    const allows = CATEGORY_ALLOWS[language][mpzp.category as ZoningCategory] ?? CATEGORY_ALLOWS[language].other;
    const repealedInPart = mpzp.legal_status === 'partially_repealed';
    return [say.localPlan(mpzp.plan_name, planIsTitled(mpzp.plan_name), mpzp.adopted_on ? formatDate(mpzp.adopted_on, language) : null, mpzp.symbol, allows, limits, repealedInPart)];
  }
  if (mpzp === null) return [say.noLocalPlan, ...generalPlan(general, say, language)];
  // Unknown: the zones (or the plan boundaries) of this gmina are not in the data. The
  // regulations block names the plan in its coverage note when the boundary is known.
  const note = regulations.coverage.find((entry) => entry.layer === 'mpzp_zones')?.note ?? '';
  // Greedy: a plan's own title may hold quotes („Chartowo”) inside the note's quotes.
  const planName = /„(.+)”/.exec(note)?.[1] ?? null;
  return [say.zoningUnknown(planName, planName !== null && planIsTitled(planName)), ...generalPlan(general, say, language)];
}

/**
 * The general-plan zone with the plan's status. Only a plan in force is local law; a draft (in
 * preparation, in public consultation) or a plan adopted but not yet in force is said to be
 * information only, never as the parcel's zoning.
 */
function generalPlan(general: PlanOgolnyZoneView | null | undefined, say: SummaryPhrases, language: ReportLanguage): string[] {
  if (!general) return [];
  if (isPlanOgolnyBinding(general.status)) return [say.generalPlan(general.zone_symbol, general.zone_label, general.allows_building)];
  return [say.draftGeneralPlan(planStatus(general.status, language), general.zone_symbol, general.zone_label, general.allows_building)];
}

/**
 * Plan titles as gminas adopt them start with the instrument ("Miejscowy plan zagospodarowania
 * przestrzennego „Chartowo” w Poznaniu"): such a title is written as it is, never wrapped in
 * another "local plan „…”".
 */
export function planIsTitled(planName: string): boolean {
  return /^\s*(miejscowy\s+plan|mpzp\b|plan\s+miejscowy|zmiana\s+miejscowego|local\s+plan)/i.test(planName);
}

function constraints(block: ConstraintsView, say: SummaryPhrases, language: ReportLanguage, scenarioId: string | null): string[] {
  const named = (item: ConstraintItemView): string => say.overlap(constraintAreaName(item, language), formatNumber(item.overlap_pct, language, 1));
  const blocking = block.items.filter((item) => item.severity === 'blocking').map(named);
  const restrictive = block.items.filter((item) => item.severity === 'restrictive').map(named);
  // Wind-turbine setbacks limit only where a turbine may stand (informational in the block):
  // said as a restriction only for a parcel judged as a wind farm site.
  const windSetbacks = scenarioId === WIND_SCENARIO ? block.items.filter((item) => item.topic === WIND_SETBACK_TOPIC && item.overlap_pct > 0).map(named) : [];
  const unchecked = block.coverage.filter((entry) => entry.status === 'missing').map((entry) => layerName(entry.layer, language));
  return [
    ...(blocking.length ? [say.blocking(blocking)] : []),
    ...(restrictive.length ? [say.restrictive(restrictive)] : []),
    ...(blocking.length + restrictive.length === 0 ? [say.noConstraints(block.buffer_m)] : []),
    ...(windSetbacks.length ? [say.windSetback(windSetbacks)] : []),
    ...(unchecked.length ? [say.constraintsUnchecked(unchecked)] : []),
  ];
}

function terrain(block: TerrainView, say: SummaryPhrases, language: ReportLanguage): string {
  if (block.slope_mean_pct === undefined || block.elevation_min_m === undefined || block.elevation_max_m === undefined) return say.terrainUnknown;
  return say.terrain(
    formatNumber(block.elevation_min_m, language),
    formatNumber(block.elevation_max_m, language),
    formatNumber(block.slope_mean_pct, language, 1),
    flatness(block.slope_mean_pct),
    block.aspect ?? null,
  );
}

/** Plain words for a mean slope: up to 2 % reads as flat, 5 % gentle, 15 % moderate. */
export function flatness(slopePct: number): Flatness {
  if (slopePct <= 2) return 'flat';
  if (slopePct <= 5) return 'gentle';
  if (slopePct <= 15) return 'moderate';
  return 'steep';
}

function nearest(block: ProximityView, say: SummaryPhrases, language: ReportLanguage): string[] {
  const parts: string[] = [];
  const unknown: string[] = [];
  for (const kind of SUMMARY_PROXIMITY_KINDS) {
    const label = proximityLabel(kind, language);
    const item = block.items.find((i) => i.kind === kind);
    const notFound = block.not_found.find((n) => n.kind === kind);
    if (item) parts.push(say.nearestItem(proximityItemLabel(item, language), formatDistance(item.distance_m, language)));
    else if (notFound) parts.push(say.noneWithin(label, formatDistance(notFound.searched_within_m, language)));
    else unknown.push(label);
    if (kind === 'hv_substation') parts.push(...closerTransformer(block, item?.distance_m, say, language));
  }
  return [...(parts.length ? [say.nearest(parts)] : []), ...(unknown.length ? [say.distanceUnknown(unknown)] : [])];
}

/** The nearest substation of any voltage when it is below 110 kV and closer than the nearest one of at least 110 kV. */
function closerTransformer(block: ProximityView, hvDistance: number | undefined, say: SummaryPhrases, language: ReportLanguage): string[] {
  const any = block.items.find((i) => i.kind === 'power_substation');
  if (!any || (hvDistance !== undefined && any.distance_m >= hvDistance)) return [];
  const kv = any.attributes['voltage_kv'];
  if (typeof kv === 'number' && kv >= HV_MIN_KV) return [];
  return [say.nearestItem(proximityItemLabel(any, language), formatDistance(any.distance_m, language))];
}

function price(market: MarketSummaryView, say: SummaryPhrases, language: ReportLanguage): string {
  if (market.comparables === undefined) return say.priceUnknown;
  const radius = formatDistance(market.radius_m, language);
  if (market.comparables === 0 || market.median_price_per_sqm_pln === null || market.median_price_per_sqm_pln === undefined) {
    return say.noComparables(radius, formatDate(market.since, language));
  }
  const partial = market.coverage.some((entry) => entry.status === 'partial');
  // A median over farmland and building plots together says nothing of either: one per land type.
  if (market.land_type_medians?.length) {
    const parts = market.land_type_medians.map((group) => say.landTypeMedian(group.land_type, formatNumber(group.median_price_per_sqm_pln, language), group.count));
    return say.priceByLandType(parts, radius, formatDate(market.since, language), partial);
  }
  return say.price(formatNumber(market.median_price_per_sqm_pln, language), market.comparables, radius, formatDate(market.since, language), partial);
}

function scenario(facts: SummaryFacts, say: SummaryPhrases, language: ReportLanguage): string[] {
  const fit = facts.scenarioFit;
  const asked = facts.scenario ?? (fit ? { id: fit.scenario, title: null, evaluated: true } : null);
  if (!asked) return [];
  const name = say.scenarioName(asked.id, asked.title);
  if (!fit) return asked.evaluated ? [] : [say.scenarioUnavailable(name)];
  if (fit.passes) return [say.scenarioPasses(name)];
  const label = (criterion: string): string => criterionLabel(criterion, language);
  const unverified = (fit.unverified_criteria ?? []).map(label);
  return [
    ...(fit.failed_criteria.length ? [say.scenarioFails(name, fit.failed_criteria.map(label))] : []),
    ...(unverified.length ? [say.scenarioUnverified(name, unverified, fit.failed_criteria.length > 0)] : []),
  ];
}
