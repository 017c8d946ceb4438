import type {
  ConstraintItemView,
  ConstraintsView,
  MarketSummaryView,
  ProximityView,
  RegulationsView,
  ReportLanguage,
  ScenarioFitView,
  TerrainView,
  ZoningCategory,
} from '@lp/contracts';
import { CATEGORY_ALLOWS, formatDistance, formatHectares, formatNumber, proximityLabel } from '../report-vocabulary.js';
import { SUMMARY_PHRASES, type Flatness, type SummaryPhrases } from './summary-phrases.js';

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
}

/** The distances a buyer asks about first, in this order. */
export const SUMMARY_PROXIMITY_KINDS = ['power_substation', 'transit_stop', 'school', 'water'] as const;

/**
 * The sentences a buyer wants first: area, zoning and what it allows, blocking and restrictive
 * constraints, terrain, nearest infrastructure, price level, scenario fit. A fact whose layer has
 * no data here is said to be unknown; it is never turned into a "no" or a zero.
 */
export function summarise(facts: SummaryFacts, language: ReportLanguage): string[] {
  const say = SUMMARY_PHRASES[language];
  return [
    say.area(facts.parcelId, facts.gmina, formatNumber(Math.round(facts.areaSqm), language), formatHectares(facts.areaSqm, language)),
    ...zoning(facts.regulations, say, language),
    ...constraints(facts.constraints, say, language),
    terrain(facts.terrain, say, language),
    ...nearest(facts.proximity, say, language),
    price(facts.market, say, language),
    ...scenario(facts.scenarioFit, say),
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
    return [say.localPlan(mpzp.plan_name, mpzp.adopted_on, mpzp.symbol, allows, limits)];
  }
  if (mpzp === null) {
    return [say.noLocalPlan, ...(general ? [say.generalPlan(general.zone_symbol, general.zone_label, general.allows_building)] : [])];
  }
  // Unknown: the zones (or the plan boundaries) of this gmina are not in the data. The
  // regulations block names the plan in its coverage note when the boundary is known.
  const note = regulations.coverage.find((entry) => entry.layer === 'mpzp_zones')?.note ?? '';
  const planName = /„([^”]+)”/.exec(note)?.[1] ?? null;
  return [say.zoningUnknown(planName), ...(general ? [say.generalPlan(general.zone_symbol, general.zone_label, general.allows_building)] : [])];
}

function constraints(block: ConstraintsView, say: SummaryPhrases, language: ReportLanguage): string[] {
  const named = (item: ConstraintItemView): string => say.overlap(item.name, formatNumber(item.overlap_pct, language, 1));
  const blocking = block.items.filter((item) => item.severity === 'blocking').map(named);
  const restrictive = block.items.filter((item) => item.severity === 'restrictive').map(named);
  const unchecked = block.coverage.filter((entry) => entry.status === 'missing').map((entry) => entry.layer);
  return [
    ...(blocking.length ? [say.blocking(blocking)] : []),
    ...(restrictive.length ? [say.restrictive(restrictive)] : []),
    ...(blocking.length + restrictive.length === 0 ? [say.noConstraints(block.buffer_m)] : []),
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
    if (item) parts.push(say.nearestItem(label, formatDistance(item.distance_m, language)));
    else if (notFound) parts.push(say.noneWithin(label, formatDistance(notFound.searched_within_m, language)));
    else unknown.push(label);
  }
  return [...(parts.length ? [say.nearest(parts)] : []), ...(unknown.length ? [say.distanceUnknown(unknown)] : [])];
}

function price(market: MarketSummaryView, say: SummaryPhrases, language: ReportLanguage): string {
  if (market.comparables === undefined) return say.priceUnknown;
  const radius = formatDistance(market.radius_m, language);
  if (market.comparables === 0 || market.median_price_per_sqm_pln === null || market.median_price_per_sqm_pln === undefined) {
    return say.noComparables(radius, market.since);
  }
  const partial = market.coverage.some((entry) => entry.status === 'partial');
  return say.price(formatNumber(market.median_price_per_sqm_pln, language), market.comparables, radius, market.since, partial);
}

function scenario(fit: ScenarioFitView | null, say: SummaryPhrases): string[] {
  if (!fit) return [];
  if (fit.passes) return [say.scenarioPasses(fit.scenario)];
  const unverified = fit.unverified_criteria ?? [];
  return [
    ...(fit.failed_criteria.length ? [say.scenarioFails(fit.scenario, fit.failed_criteria)] : []),
    ...(unverified.length ? [say.scenarioUnverified(fit.scenario, unverified, fit.failed_criteria.length > 0)] : []),
  ];
}
