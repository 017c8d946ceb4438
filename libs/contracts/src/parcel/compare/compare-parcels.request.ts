import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsString, Matches } from 'class-validator';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from '../parcel-id.js';
import { SCENARIO_ID_MESSAGE, SCENARIO_ID_PATTERN } from '../report/scenario-id.js';
import { OptionalField } from '../../common/optional-field.js';

/** Spec Limits: compare_parcels takes 2 to 20 parcel ids. */
export const COMPARE_MIN_IDS = 2;
export const COMPARE_MAX_IDS = 20;
const COUNT_MESSAGE = `parcel_ids must hold ${COMPARE_MIN_IDS} to ${COMPARE_MAX_IDS} parcel ids`;

/** `parcel.compare` and the body of POST /v1/parcels/compare. */
export class CompareParcelsRequest {
  @ApiProperty({ type: [String], minItems: COMPARE_MIN_IDS, maxItems: COMPARE_MAX_IDS, example: [PARCEL_ID_EXAMPLE, '306401_1.0001.124'] })
  @IsArray({ message: `${COUNT_MESSAGE} as a JSON array of strings` })
  @ArrayMinSize(COMPARE_MIN_IDS, { message: COUNT_MESSAGE })
  @ArrayMaxSize(COMPARE_MAX_IDS, { message: `${COUNT_MESSAGE}; split a longer list` })
  @ArrayUnique({ message: 'parcel_ids must not repeat an id' })
  @IsString({ each: true, message: 'each of parcel_ids must be a string' })
  @Matches(PARCEL_ID_PATTERN, { each: true, message: `each of parcel_ids must be an EGiB parcel id made of letters, digits, _ . / - (e.g. ${PARCEL_ID_EXAMPLE})` })
  parcel_ids!: string[];

  @ApiPropertyOptional({ description: 'Scenario id: adds scenario_fit to every row', example: 'solar_farm_site' })
  @OptionalField()
  @IsString({ message: SCENARIO_ID_MESSAGE })
  @Matches(SCENARIO_ID_PATTERN, { message: SCENARIO_ID_MESSAGE })
  scenario?: string;
}
