import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ScenarioFitView } from '../../search/evaluate-scenario.request.js';

/** The numeric columns of a comparison row that have a best value, and which end is best. */
export const COMPARE_BEST_RULES = {
  area_sqm: 'highest',
  blocking_constraints: 'lowest',
  restrictive_constraints: 'lowest',
  slope_mean_pct: 'lowest',
  substation_m: 'lowest',
  transit_stop_m: 'lowest',
  school_m: 'lowest',
  water_m: 'lowest',
} as const;
export type CompareBestColumn = keyof typeof COMPARE_BEST_RULES;

export const ZONING_SOURCES = ['local_plan', 'general_plan', 'none', 'unknown'] as const;
export const COMPARE_GAP_REASONS = ['no_data', 'partial_data', 'none_within', 'unavailable'] as const;

/** Why a cell is empty or less certain than it looks. */
export class CompareGapView {
  @ApiProperty({ description: 'Column name', example: 'slope_mean_pct' })
  column!: string;

  @ApiProperty({ enum: COMPARE_GAP_REASONS, description: 'no_data: the layer has no data here (unknown, not zero); partial_data: counts may be low; none_within: data exists but nothing within the search radius; unavailable: the scenario service could not answer now (scenario_fit left out)' })
  reason!: (typeof COMPARE_GAP_REASONS)[number];

  @ApiProperty()
  note!: string;
}

/** One parcel as one table row. An empty cell is absent and explained in gaps, never null or 0. */
export class ComparisonRowView {
  @ApiProperty()
  parcel_id!: string;

  @ApiProperty()
  gmina!: string;

  @ApiProperty()
  teryt!: string;

  @ApiProperty()
  area_sqm!: number;

  @ApiProperty({ enum: ZONING_SOURCES, description: 'Where the zoning comes from: local_plan (MPZP zone), general_plan (no local plan; general plan zone), none (no plan of either kind), unknown (zone data missing)' })
  zoning_source!: (typeof ZONING_SOURCES)[number];

  @ApiPropertyOptional({ description: 'Raw zone symbol', example: 'MN/U' })
  zoning_symbol?: string;

  @ApiPropertyOptional({ description: 'Normalised category (local plan) or zone type (general plan)', example: 'mixed_residential_services' })
  zoning_category?: string;

  @ApiProperty({ description: 'Blocking constraint areas overlapping the parcel' })
  blocking_constraints!: number;

  @ApiProperty({ description: 'Restrictive constraint areas overlapping the parcel' })
  restrictive_constraints!: number;

  @ApiPropertyOptional({ description: 'Mean slope, %' })
  slope_mean_pct?: number;

  @ApiPropertyOptional({ description: 'Mean elevation, m' })
  elevation_mean_m?: number;

  @ApiPropertyOptional({ description: 'Metres to the nearest power substation of at least 110 kV (MV transformer stations are not counted)' })
  substation_m?: number;

  @ApiPropertyOptional({ description: 'Metres to the nearest public transport stop' })
  transit_stop_m?: number;

  @ApiPropertyOptional({ description: 'Metres to the nearest school' })
  school_m?: number;

  @ApiPropertyOptional({ description: 'Metres to the nearest river, canal, lake or reservoir' })
  water_m?: number;

  @ApiPropertyOptional({ type: ScenarioFitView, description: 'When a scenario was given' })
  scenario_fit?: ScenarioFitView;

  @ApiProperty({ type: [CompareGapView], description: 'Cells that are unknown or uncertain and why' })
  gaps!: CompareGapView[];
}

export class CompareBestValueView {
  @ApiProperty()
  value!: number;

  @ApiProperty({ type: [String], description: 'Parcels holding the best value (ties included)' })
  parcel_ids!: string[];
}

/** Best value per column among the rows that have it; a column nobody has is absent. */
export class CompareBestView {
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Largest area' }) area_sqm?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Fewest blocking constraints' }) blocking_constraints?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Fewest restrictive constraints' }) restrictive_constraints?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Flattest' }) slope_mean_pct?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Closest substation of at least 110 kV' }) substation_m?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Closest transit stop' }) transit_stop_m?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Closest school' }) school_m?: CompareBestValueView;
  @ApiPropertyOptional({ type: CompareBestValueView, description: 'Closest water' }) water_m?: CompareBestValueView;
  @ApiPropertyOptional({ type: [String], description: 'Parcels passing the scenario, when one was given' }) scenario_passes?: string[];
}

/** POST /parcels/compare: rows in the order asked, best values per column, unknown ids. */
export class ParcelComparisonView {
  @ApiPropertyOptional({ description: 'The scenario the rows were judged against' })
  scenario?: string;

  @ApiProperty({ type: [ComparisonRowView] })
  rows!: ComparisonRowView[];

  @ApiProperty({ type: CompareBestView, description: 'Elevation and zoning have no best value: higher or lower is not better in general' })
  best!: CompareBestView;

  @ApiProperty({ type: [String], description: 'Requested ids that are not parcels' })
  missing!: string[];
}
