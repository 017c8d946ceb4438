import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from '../parcel/parcel-id.js';
import { PriceEstimateView } from './search-response.view.js';

/** `search.parcels.price_estimate`: one parcel's estimate, as filters.price_estimate_pln judges it (the market block of parcel detail and the report). */
export class ParcelPriceEstimateRequest {
  @ApiProperty({ example: PARCEL_ID_EXAMPLE })
  @IsString()
  @Matches(PARCEL_ID_PATTERN, { message: `parcel_id must be an EGiB parcel id, e.g. ${PARCEL_ID_EXAMPLE}` })
  parcel_id!: string;
}

/**
 * A parcel's estimated price: known with the estimate and what it rests on, or unknown with the
 * reason (too few comparables, a land type that cannot be proven, no transactions in the gmina, or
 * the search service not answering). Unknown is never a price of 0.
 */
export class ParcelPriceEstimateView {
  @ApiProperty({ enum: ['known', 'unknown'] })
  status!: 'known' | 'unknown';

  @ApiPropertyOptional({ type: PriceEstimateView, description: "Only when known: area × the comparables' median, with their number and spread" })
  estimate?: PriceEstimateView;

  @ApiPropertyOptional({ description: 'Only when unknown: why' })
  reason?: string;
}
