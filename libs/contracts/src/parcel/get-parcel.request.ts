import { IsString, Matches } from 'class-validator';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from './parcel-id.js';

/** `parcel.get`: one parcel by its EGiB id. */
export class GetParcelRequest {
  @IsString()
  @Matches(PARCEL_ID_PATTERN, {
    message: `parcel_id must be an EGiB parcel id of at most 80 characters made of letters, digits, '_', '.', '/' and '-', e.g. ${PARCEL_ID_EXAMPLE}`,
  })
  parcel_id!: string;
}
