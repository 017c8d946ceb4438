import { ArrayUnique, IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from './parcel-id.js';

export const PARCEL_INCLUDE_VALUES = ['regulations', 'constraints', 'terrain', 'proximity', 'market'] as const;

/** `parcel.get`: one parcel by its EGiB id, with the blocks asked for in `include`. */
export class GetParcelRequest {
  @IsString()
  @Matches(PARCEL_ID_PATTERN, {
    message: `parcel_id must be an EGiB parcel id of at most 80 characters made of letters, digits, '_', '.', '/' and '-', e.g. ${PARCEL_ID_EXAMPLE}`,
  })
  parcel_id!: string;
}

/** `parcel.get` with embedding. */
export class GetParcelDetailRequest extends GetParcelRequest {
  @IsOptional()
  @IsArray()
  @ArrayUnique({ message: 'include must not repeat a block' })
  @IsIn(PARCEL_INCLUDE_VALUES, { each: true, message: `each value of include must be one of ${PARCEL_INCLUDE_VALUES.join(', ')}` })
  include?: string[];
}
