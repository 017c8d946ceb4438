import { Optional } from '../../common/optional.js';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';
import { GetParcelRequest } from '../get-parcel.request.js';
import { PROXIMITY_KIND_IDS } from './proximity-kinds.js';

export const CONSTRAINTS_BUFFER_DEFAULT_M = 100;
export const CONSTRAINTS_BUFFER_MAX_M = 5000;
/** Blocks GET /parcels/{id}?include= embeds; batch takes all but market. */
export const BATCH_INCLUDE_BLOCKS = ['regulations', 'constraints', 'terrain', 'proximity'] as const;

const BUFFER_MESSAGE = `buffer_m must be an integer number of metres from 0 to ${CONSTRAINTS_BUFFER_MAX_M}`;

/** `parcel.regulations.get` and `parcel.terrain.get`: one block of one parcel. */
export class ParcelBlockRequest extends GetParcelRequest {}

/** `parcel.constraints.get`: constraint areas on the parcel or within buffer_m of it. */
export class ParcelConstraintsRequest extends GetParcelRequest {
  @ApiPropertyOptional({ minimum: 0, maximum: CONSTRAINTS_BUFFER_MAX_M, default: CONSTRAINTS_BUFFER_DEFAULT_M, description: 'Metres around the parcel to look at' })
  @Optional()
  @IsInt({ message: BUFFER_MESSAGE })
  @Min(0, { message: BUFFER_MESSAGE })
  @Max(CONSTRAINTS_BUFFER_MAX_M, { message: BUFFER_MESSAGE })
  buffer_m?: number;
}

/** `parcel.proximity.get`: the nearest feature of each requested kind. */
export class ParcelProximityRequest extends GetParcelRequest {
  @ApiPropertyOptional({ type: [String], enum: PROXIMITY_KIND_IDS, description: 'Kinds to report; all when absent' })
  @Optional()
  @IsArray()
  @ArrayUnique({ message: 'kinds must not repeat a kind' })
  @IsIn(PROXIMITY_KIND_IDS, { each: true, message: `each of kinds must be one of ${PROXIMITY_KIND_IDS.join(', ')}` })
  kinds?: string[];
}
