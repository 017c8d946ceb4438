import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GeometryView } from '../common/geojson.view.js';
import { COVERAGE_STATUSES, type CoverageStatus } from '../common/coverage-status.js';
import { CRITERION_MODES, type CriterionMode } from './search-criteria.js';
import { SEARCH_SIGNAL_IDS } from './search-signals.js';

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
}

/** POST /v1/search/parcels, 200. */
export class SearchResponseView extends SearchOutcomeView {
  @ApiProperty({ type: [SearchResultView], description: 'Best score first; ties by parcel id' })
  results!: SearchResultView[];
}
