import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BlockCoverageView, BlockSourceView } from './block-coverage.view.js';
import { LandTypeMedianView } from '../../market/transaction-list.view.js';
import { ParcelPriceEstimateView } from '../../search/parcel-price-estimate.request.js';

/** include=market: land transactions around the parcel (GET /market/transactions for the detail). */
export class MarketSummaryView {
  @ApiProperty({ enum: ['land'], description: 'Comparables are land transactions' })
  property_type!: 'land';

  @ApiProperty({ description: 'Metres around the parcel' })
  radius_m!: number;

  @ApiProperty({ format: 'date', description: 'Earliest deed date counted' })
  since!: string;

  @ApiPropertyOptional({ description: 'Transactions counted; absent when the transactions layer has no data here' })
  comparables?: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Median price per m2 of the comparables; null when there are none' })
  median_price_per_sqm_pln?: number | null;

  @ApiPropertyOptional({
    type: [LandTypeMedianView],
    description: 'The comparables split by what the land was sold as (agricultural, building, other), each with its own median; absent when the transactions layer has no data here',
  })
  land_type_medians?: LandTypeMedianView[];

  @ApiPropertyOptional({
    type: ParcelPriceEstimateView,
    description:
      "The parcel's estimated price as search's filters.price_estimate_pln judges it: area × the median price per m2 of the land transactions of its gmina " +
      'and land type over the three years before the newest land deed, with their number and spread; unknown (with the reason) from fewer than five ' +
      'or an unproven land type. An addition to the spec.',
  })
  price_estimate?: ParcelPriceEstimateView;

  @ApiProperty({ type: [BlockCoverageView] })
  coverage!: BlockCoverageView[];

  @ApiPropertyOptional({ type: [BlockSourceView], description: 'The served version of the transactions layer the figures come from; absent when it has no data here' })
  sources?: BlockSourceView[];
}
