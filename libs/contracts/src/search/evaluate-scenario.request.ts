import { Optional } from '../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsString, Matches, MaxLength } from 'class-validator';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from '../parcel/parcel-id.js';

/** `search.scenarios.evaluate`: does one parcel pass a scenario's hard criteria (report scenario_fit)? */
export class EvaluateScenarioRequest {
  @ApiProperty({ example: 'solar_farm_site' })
  @IsString({ message: 'scenario must be a scenario id, e.g. solar_farm_site' })
  @MaxLength(64, { message: 'scenario must be a scenario id of at most 64 characters' })
  scenario!: string;

  @ApiProperty({ example: PARCEL_ID_EXAMPLE })
  @IsString()
  @Matches(PARCEL_ID_PATTERN, { message: `parcel_id must be an EGiB parcel id, e.g. ${PARCEL_ID_EXAMPLE}` })
  parcel_id!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'number' }, description: 'Parameter overrides, as for compile' })
  @Optional()
  @IsObject({ message: 'params must be an object of parameter values' })
  params?: Record<string, unknown>;
}

/** Spec Report `scenario_fit`. */
export class ScenarioFitView {
  @ApiProperty({ example: 'solar_farm_site' })
  scenario!: string;

  @ApiProperty({ description: 'true when every hard criterion is proven to pass; false when one fails or cannot be checked' })
  passes!: boolean;

  @ApiProperty({ type: [String], description: 'Labels of the criteria the parcel fails' })
  failed_criteria!: string[];

  @ApiProperty({
    type: [String],
    description: 'Labels of the criteria that could not be checked because a layer has no data at the parcel (coverage); an addition to the spec',
  })
  unverified_criteria!: string[];
}
