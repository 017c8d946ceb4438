import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsNumber, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BATCH_INCLUDE_BLOCKS } from './facts/parcel-facts.request.js';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from './parcel-id.js';
import { OptionalField } from '../common/optional-field.js';

export const BATCH_MAX_IDS = 500;
export const AUTOCOMPLETE_MAX = 10;
export const NEAREST_PARCEL_MAX_M = 200;

/** `parcel.at`: the parcel containing a point, else the nearest within 200 m. */
export class ParcelAtRequest {
  @ApiProperty({ description: 'Longitude, WGS84', minimum: -180, maximum: 180, example: 16.9047 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lng must be a number (WGS84 longitude)' })
  @Min(-180)
  @Max(180)
  lng!: number;

  @ApiProperty({ description: 'Latitude, WGS84', minimum: -90, maximum: 90, example: 52.4036 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lat must be a number (WGS84 latitude)' })
  @Min(-90)
  @Max(90)
  lat!: number;
}

/** `parcel.autocomplete`: ids starting with or containing the text. */
export class ParcelAutocompleteRequest {
  @ApiProperty({ description: 'Part of a parcel id: a prefix such as 306401_1.0012.10 or any substring such as 100/1', minLength: 2, maxLength: 80 })
  @IsString()
  @MinLength(2, { message: 'q must have at least 2 characters' })
  @MaxLength(80, { message: 'q must have at most 80 characters' })
  q!: string;
}

/** `parcel.batch`: several parcels in one call. */
export class ParcelBatchRequest {
  @ApiProperty({ type: [String], minItems: 1, maxItems: BATCH_MAX_IDS, example: [PARCEL_ID_EXAMPLE] })
  @IsArray({ message: 'parcel_ids must be an array of parcel ids' })
  @ArrayMinSize(1, { message: 'parcel_ids must contain at least 1 id' })
  @ArrayMaxSize(BATCH_MAX_IDS, { message: `parcel_ids may contain at most ${BATCH_MAX_IDS} ids per call; split the list` })
  @IsString({ each: true })
  @Matches(PARCEL_ID_PATTERN, { each: true, message: 'each of parcel_ids must be an EGiB parcel id made of letters, digits, _ . / -' })
  parcel_ids!: string[];

  @ApiPropertyOptional({ type: [String], enum: BATCH_INCLUDE_BLOCKS, description: 'Blocks to embed in each feature\'s properties' })
  @OptionalField()
  @IsArray({ message: `include must be an array of block names (${BATCH_INCLUDE_BLOCKS.join(', ')})` })
  @ArrayUnique({ message: 'include must not repeat a block' })
  @IsIn(BATCH_INCLUDE_BLOCKS, { each: true, message: `each value of include must be one of ${BATCH_INCLUDE_BLOCKS.join(', ')}` })
  include?: string[];
}
