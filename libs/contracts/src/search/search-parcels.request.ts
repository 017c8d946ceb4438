import { NestedObject } from '../common/nested-object.js';
import { Optional } from '../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  BBOX_MESSAGE,
  BBOX_SHAPE,
  RANK_WEIGHT_MAX,
  RANK_WEIGHT_MIN,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  TERYT_MESSAGE,
  TERYT_PATTERN,
} from './search-bounds.js';
import { SearchFilters } from './search-filters.request.js';
import { SEARCH_SIGNAL_IDS, SEARCH_SIGNALS } from './search-signals.js';

const WEIGHT_MESSAGE = `rank_by[].weight must be an integer from ${RANK_WEIGHT_MIN} to ${RANK_WEIGHT_MAX}; got $value`;
const LIMIT_MESSAGE = `limit must be an integer from 1 to ${SEARCH_LIMIT_MAX}; got $value`;

export class RankBy {
  @ApiProperty({
    enum: SEARCH_SIGNAL_IDS,
    description:
      'Ranking signal: ' + SEARCH_SIGNALS.map((s) => `${s.id} (${s.unit}, ${s.direction} is better)`).join(', ') + '. New signals may be added.',
    example: 'grid_capacity_mw',
  })
  @IsString({ message: 'rank_by[].signal must be a signal id' })
  signal!: string;

  @ApiProperty({ type: 'integer', minimum: RANK_WEIGHT_MIN, maximum: RANK_WEIGHT_MAX, description: 'Relative weight of the signal in the score', example: 55 })
  @IsInt({ message: WEIGHT_MESSAGE })
  @Min(RANK_WEIGHT_MIN, { message: WEIGHT_MESSAGE })
  @Max(RANK_WEIGHT_MAX, { message: WEIGHT_MESSAGE })
  weight!: number;
}

/**
 * The scenario a request was compiled from (POST /v1/scenarios/{id}/compile) and the parameter
 * overrides it was compiled with, so that near misses can speak in the scenario's own parameters.
 */
export class ScenarioOrigin {
  @ApiProperty({ description: 'Scenario id (GET /v1/scenarios)', example: 'solar_farm_site' })
  @IsString({ message: 'scenario.id must be a scenario id, e.g. solar_farm_site' })
  @MaxLength(64, { message: 'scenario.id must be a scenario id of at most 64 characters' })
  id!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'The parameter overrides the request was compiled with (absent: the defaults)',
    example: { substation_km: 10 },
  })
  @Optional()
  @IsObject({ message: 'scenario.params must be an object of parameter values, e.g. {"substation_km": 10}' })
  params?: Record<string, unknown>;
}

/**
 * `search.parcels.run`, the body of POST /v1/search/parcels (spec "Search request"). class-validator
 * checks shapes and bounds; validateSearchRequest checks what needs the layer catalogue, the zoning
 * taxonomy and the signals; parseBbox (libs/geo) checks the box's ranges.
 */
export class SearchParcelsRequest {
  @ApiPropertyOptional({ description: 'TERYT code of 2 (voivodeship), 4 (powiat) or 7 (gmina) digits; omit region and bbox to search all of Poland', example: '3064011' })
  @Optional()
  @IsString({ message: TERYT_MESSAGE })
  @Matches(TERYT_PATTERN, { message: TERYT_MESSAGE })
  region?: string;

  @ApiPropertyOptional({ description: 'minLng,minLat,maxLng,maxLat in WGS84 degrees; an alternative to region (not both); must overlap Poland', example: '16.85,52.37,16.97,52.44' })
  @Optional()
  @IsString({ message: BBOX_MESSAGE })
  @Matches(BBOX_SHAPE, { message: BBOX_MESSAGE })
  bbox?: string;

  @ApiPropertyOptional({ type: SearchFilters, description: 'Hard filters; all must pass' })
  @Optional()
  @NestedObject(() => SearchFilters, 'filters must be an object of hard filters, e.g. {"area_sqm": {"min": 10000}}')
  filters?: SearchFilters;

  @ApiPropertyOptional({
    type: [RankBy],
    maxItems: SEARCH_SIGNALS.length,
    description: 'Ranking signals, each at most once, weights not all 0. Absent: score is null and results come in a stable order.',
  })
  @Optional()
  @IsArray({ message: 'rank_by must be an array of {signal, weight}' })
  @ArrayMaxSize(SEARCH_SIGNALS.length, { message: `rank_by may have at most ${SEARCH_SIGNALS.length} items, one per signal` })
  @ValidateNested({ each: true })
  @Type(() => RankBy)
  rank_by?: RankBy[];

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: SEARCH_LIMIT_MAX, default: SEARCH_LIMIT_DEFAULT, description: 'Most results to return' })
  @Optional()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(SEARCH_LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({
    type: ScenarioOrigin,
    description:
      'The scenario and parameter overrides the filters were compiled from. With it, and the filters exactly those the scenario compiles to, ' +
      'near_misses.scenario_parameters says what relaxing each scenario parameter would add (e.g. substation_km 10 → 15), each counted by the relaxed scenario run for real. ' +
      'It changes nothing else; an unknown scenario or a parameter out of range is a 400. An addition to the spec.',
  })
  @Optional()
  @NestedObject(() => ScenarioOrigin, 'scenario must be an object {id, params}, e.g. {"id": "solar_farm_site"}')
  scenario?: ScenarioOrigin;
}
