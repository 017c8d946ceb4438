import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GeometryView } from '../common/geojson.view.js';
import { COVERAGE_STATUSES, type CoverageStatus } from '../common/coverage-status.js';
import { CRITERION_MODES, type CriterionMode } from './search-criteria.js';
import { SEARCH_SIGNAL_IDS } from './search-signals.js';
import { NEAR_MISSES_BELOW } from './search-bounds.js';

/** Whether the data behind one criterion exists in the searched region ("no data is not no"). */
export class CriterionCoverageView {
  @ApiProperty({ description: 'area, zoning, slope, vacant, near:<layer> or exclude:<layer>', example: 'near:grid_capacity' })
  criterion!: string;

  @ApiProperty({ enum: CRITERION_MODES, description: 'requires: must be proven; screens: excludes where data exists' })
  mode!: CriterionMode;

  @ApiProperty({ enum: COVERAGE_STATUSES })
  status!: CoverageStatus;

  @ApiPropertyOptional({ description: 'When status is partial or missing: what was left out or left unscreened, to tell the user' })
  note?: string;
}

/** How one signal contributed to a result's score. */
export class ScoreComponentView {
  @ApiProperty({ enum: SEARCH_SIGNAL_IDS })
  signal!: string;

  @ApiProperty({ type: Number, nullable: true, description: "Raw value in the signal's unit; null when the parcel has no value for the signal" })
  value!: number | null;

  @ApiProperty({ description: 'Points earned; the contributions add up to the score' })
  contribution!: number;

  @ApiPropertyOptional({
    description:
      'true: this parcel has no value for the signal while other results have one; it is ranked as the worst value (0 points). An addition to the spec',
  })
  missing?: boolean;

  @ApiPropertyOptional({
    description: 'true: no result has a value for the signal, so it was left out of the weighting (0 points); listed in unranked_signals. An addition to the spec',
  })
  unranked?: boolean;
}

/** With filters.price_estimate_pln: the parcel's estimated price and what it rests on. */
export class PriceEstimateView {
  @ApiProperty({ description: "Area × the comparables' median price per m2, PLN, rounded to whole złoty" })
  price_pln!: number;

  @ApiProperty({ enum: ['agricultural', 'building', 'other'], description: 'What the parcel would be sold as: the land type of its comparables' })
  land_type!: string;

  @ApiProperty({ type: 'integer', description: "Land transactions of that land type in the parcel's gmina over the three years before the newest land deed held" })
  comparables!: number;

  @ApiProperty({ description: 'Their median price per m2, PLN' })
  median_price_per_sqm_pln!: number;

  @ApiProperty({ description: 'The spread: the lower quartile of their price per m2, PLN' })
  p25_price_per_sqm_pln!: number;

  @ApiProperty({ description: 'The spread: the upper quartile of their price per m2, PLN' })
  p75_price_per_sqm_pln!: number;
}

export class SearchResultView {
  @ApiProperty({ example: '306401_1.0007.AR_1.34/1' })
  parcel_id!: string;

  @ApiProperty()
  area_sqm!: number;

  @ApiProperty({ description: 'Gmina name', example: 'Poznań' })
  gmina!: string;

  @ApiProperty({ description: 'TERYT code of the gmina, 7 digits (an addition to the spec)', example: '3064011' })
  teryt!: string;

  @ApiProperty({ type: GeometryView, description: 'Parcel geometry, WGS84' })
  geometry!: GeometryView;

  @ApiProperty({ type: Number, nullable: true, description: 'Relative 0 to 100 within this result set; null without rank_by' })
  score!: number | null;

  @ApiProperty({ type: [ScoreComponentView], description: 'One per rank_by signal; empty without rank_by' })
  components!: ScoreComponentView[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Screening criteria that could not be checked for this parcel (partial coverage); an addition to the spec',
    example: ['slope'],
  })
  unscreened?: string[];

  @ApiPropertyOptional({ type: PriceEstimateView, description: 'Only with filters.price_estimate_pln: the estimate the filter judged; an addition to the spec' })
  price_estimate?: PriceEstimateView;
}

/** One tunable parameter relaxed one step within its allowed range, and what the relaxed search matched. */
export class RelaxationView {
  @ApiProperty({ description: 'The criterion relaxed (its coverage entry)', example: 'near:power_substations' })
  criterion!: string;

  @ApiProperty({ description: 'Where the parameter sits in the request', example: 'filters.near[0].within_m' })
  parameter!: string;

  @ApiProperty({ description: "The request's value", example: 10000 })
  from!: number;

  @ApiProperty({ description: 'The relaxed value (within the allowed range)', example: 15000 })
  to!: number;

  @ApiProperty({ type: 'integer', description: 'Parcels the relaxed search matches (the same search, this one value changed)', example: 44 })
  matched!: number;

  @ApiProperty({ type: 'integer', description: 'matched minus the parcels matched now', example: 41 })
  added!: number;
}

/** One scenario parameter relaxed one step within its range, counted by running the relaxed scenario for real. */
export class ParameterRelaxationView {
  @ApiProperty({ description: "The scenario's parameter (GET /v1/scenarios)", example: 'substation_km' })
  parameter!: string;

  @ApiProperty({ description: 'Its unit', example: 'km' })
  unit!: string;

  @ApiProperty({ description: 'The value the request was compiled with', example: 10 })
  from!: number;

  @ApiProperty({ description: "The relaxed value, within the parameter's range", example: 15 })
  to!: number;

  @ApiProperty({ type: [String], description: 'The criteria whose filters the parameter changes', example: ['near:power_substations'] })
  criteria!: string[];

  @ApiProperty({ type: 'integer', description: 'Parcels the scenario compiled with this one parameter relaxed matches', example: 44 })
  matched!: number;

  @ApiProperty({ type: 'integer', description: 'matched minus the parcels matched now', example: 41 })
  added!: number;
}

/** A parcel that passes every criterion but one, which it is proven to fail. */
export class OneAwayParcelView {
  @ApiProperty({ example: '306401_1.0007.AR_1.34/1' })
  parcel_id!: string;

  @ApiProperty({ description: 'Gmina name' })
  gmina!: string;

  @ApiProperty({ description: 'TERYT code of the gmina, 7 digits' })
  teryt!: string;

  @ApiProperty()
  area_sqm!: number;

  @ApiProperty({ description: 'The one criterion the parcel fails', example: 'slope' })
  criterion!: string;

  @ApiPropertyOptional({ description: 'The threshold it misses, where the criterion has one', example: 'filters.slope_pct.max' })
  parameter?: string;

  @ApiPropertyOptional({ description: "The request's threshold", example: 5 })
  limit?: number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: "The parcel's own value for the criterion, where one is measured: area in m², slope in %, distance in m, the zoning category",
    example: 6.4,
  })
  value?: number | string;
}

/**
 * "What would it take": with few or no results, how many more parcels each relaxation would give,
 * and the parcels that fail a single criterion. An addition to the spec.
 */
export class NearMissesView {
  @ApiProperty({ type: [RelaxationView], description: 'One per tunable parameter of a hard criterion that is not at the edge of its range' })
  relaxations!: RelaxationView[];

  @ApiProperty({ type: [OneAwayParcelView], description: 'Up to five per criterion; a distance criterion lists parcels within its largest allowed reach' })
  one_away!: OneAwayParcelView[];

  @ApiPropertyOptional({
    type: [ParameterRelaxationView],
    description:
      "With the request's scenario (and its filters unchanged from the compiled ones): one per tunable scenario parameter not at the edge of its range, in the scenario's own terms",
  })
  scenario_parameters?: ParameterRelaxationView[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Relaxations or criteria not evaluated within the time given to near misses: not evaluated, not "nothing to gain"',
  })
  not_evaluated?: string[];
}

/** What every search answer says beside its results: structured and natural-language alike. */
export class SearchOutcomeView {
  @ApiProperty({ type: 'integer', description: 'Parcels returned' })
  count!: number;

  @ApiProperty({ type: 'integer', description: 'Parcels matching every criterion before limit was applied (an addition to the spec)' })
  matched!: number;

  @ApiProperty({ description: 'true when a requires criterion has no data in the region; then results is empty' })
  blocked!: boolean;

  @ApiProperty({ type: [CriterionCoverageView], description: 'One entry per criterion of the request, also when available' })
  coverage!: CriterionCoverageView[];

  @ApiPropertyOptional({
    type: [String],
    enum: SEARCH_SIGNAL_IDS,
    description:
      'rank_by signals no matched parcel has a value for: left out of the weighting, so the other signals share the 100 points. ' +
      'Absent when every signal has data. An addition to the spec',
    example: ['transit_distance_m'],
  })
  unranked_signals?: string[];

  @ApiPropertyOptional({
    type: NearMissesView,
    description: `With fewer than ${NEAR_MISSES_BELOW} matches (and not blocked): what relaxing each criterion would add, and parcels failing one criterion only. An addition to the spec`,
  })
  near_misses?: NearMissesView;
}

/** POST /v1/search/parcels, 200. */
export class SearchResponseView extends SearchOutcomeView {
  @ApiProperty({ type: [SearchResultView], description: 'Best score first; ties by parcel id' })
  results!: SearchResultView[];
}
