import { Optional } from '../common/optional.js';
import { ArrayUnique, IsArray, IsIn, IsString, Matches } from 'class-validator';
import { PARCEL_REFERENCE_MESSAGE, PARCEL_REFERENCE_PATTERN } from './parcel-id.js';

export const PARCEL_INCLUDE_VALUES = ['regulations', 'constraints', 'terrain', 'proximity', 'market'] as const;

/** `parcel.get` and the block subjects: one parcel by its EGiB id or by its number and place. */
export class GetParcelRequest {
  @IsString({ message: PARCEL_REFERENCE_MESSAGE })
  @Matches(PARCEL_REFERENCE_PATTERN, { message: PARCEL_REFERENCE_MESSAGE })
  parcel_id!: string;
}

/** `parcel.get` with embedding. */
export class GetParcelDetailRequest extends GetParcelRequest {
  @Optional()
  @IsArray()
  @ArrayUnique({ message: 'include must not repeat a block' })
  @IsIn(PARCEL_INCLUDE_VALUES, { each: true, message: `each value of include must be one of ${PARCEL_INCLUDE_VALUES.join(', ')}` })
  include?: string[];
}
