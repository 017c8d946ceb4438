import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsObject, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { BBOX_MESSAGE, BBOX_SHAPE, SEARCH_LIMIT_MAX, TERYT_MESSAGE, TERYT_PATTERN } from './search-bounds.js';
import { OptionalField } from '../common/optional-field.js';

const LIMIT_MESSAGE = `limit must be an integer from 1 to ${SEARCH_LIMIT_MAX}; got $value`;

/**
 * Overrides for compiling a scenario (body of POST /v1/scenarios/{scenario_id}/compile). Parameter
 * names, ranges and signal names depend on the scenario, so search-svc checks them.
 */
export class CompileScenarioBody {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: "Parameter overrides within the scenario's ranges (GET /v1/scenarios), e.g. substation_km",
    example: { substation_km: 5, min_capacity_mw: 20 },
  })
  @OptionalField()
  @IsObject({ message: 'params must be an object of parameter values, e.g. {"substation_km": 5}' })
  params?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: "Weight overrides (integers 0 to 100) for the scenario's signals; 0 drops a signal from the ranking",
    example: { grid_capacity_mw: 70 },
  })
  @OptionalField()
  @IsObject({ message: 'weights must be an object of signal weights, e.g. {"grid_capacity_mw": 70}' })
  weights?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'TERYT code of 2, 4 or 7 digits; alternative to bbox', example: '3064011' })
  @OptionalField()
  @IsString({ message: TERYT_MESSAGE })
  @Matches(TERYT_PATTERN, { message: TERYT_MESSAGE })
  region?: string;

  @ApiPropertyOptional({ description: 'minLng,minLat,maxLng,maxLat in WGS84; alternative to region', example: '16.85,52.37,16.97,52.44' })
  @OptionalField()
  @IsString({ message: BBOX_MESSAGE })
  @Matches(BBOX_SHAPE, { message: BBOX_MESSAGE })
  bbox?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: SEARCH_LIMIT_MAX, description: 'Copied into the request; absent leaves the search default' })
  @OptionalField()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(SEARCH_LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;
}

/** `search.scenarios.compile`: a scenario and overrides -> the equivalent SearchParcelsRequest. */
export class CompileScenarioRequest extends CompileScenarioBody {
  @ApiProperty({ description: 'Scenario id (GET /v1/scenarios)', example: 'bess_storage' })
  @IsString({ message: 'scenario must be a scenario id, e.g. bess_storage' })
  @MaxLength(64, { message: 'scenario must be a scenario id of at most 64 characters' })
  scenario!: string;
}
