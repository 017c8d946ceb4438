import { COVERAGE_STATUSES, type CoverageStatus } from '../common/coverage-status.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LAND_TYPES, PROPERTY_TYPES, type LandType, type PropertyType } from './list-transactions.request.js';

/** One notarised transaction (item of the transaction list). */
export class TransactionView {
  @ApiProperty({ description: 'Transaction id in the transactions layer' })
  id!: string;

  @ApiProperty({ description: 'Date of the notarial deed, YYYY-MM-DD', example: '2025-03-14' })
  date!: string;

  @ApiProperty({ enum: PROPERTY_TYPES })
  property_type!: PropertyType;

  @ApiProperty({ description: 'Transaction price, PLN' })
  price_pln!: number;

  @ApiProperty({ description: 'Area of the land or usable floor area, m2' })
  area_sqm!: number;

  @ApiProperty({ description: 'Price per square metre, PLN/m2' })
  price_per_sqm_pln!: number;

  @ApiProperty({ description: 'TERYT code of the gmina, 7 digits', example: '3064011' })
  teryt!: string;

  @ApiPropertyOptional({ description: 'Only with parcel_id: metres from the parcel (0 inside it), rounded to 0.1' })
  distance_m?: number;

  @ApiPropertyOptional({ enum: LAND_TYPES, description: 'Land only: what the land was sold as (agricultural, building, other)' })
  land_type?: LandType;
}

/** The land transactions of one land type and their median: farmland and building plots are never priced together. */
export class LandTypeMedianView {
  @ApiProperty({ enum: LAND_TYPES })
  land_type!: LandType;

  @ApiProperty({ type: 'integer', description: 'Matching land transactions of this land type' })
  count!: number;

  @ApiProperty({ description: 'Median price per m2 of those transactions' })
  median_price_per_sqm_pln!: number;
}

/** Whether the transactions layer has data in the area asked about ("no data is not no"). */
export class TransactionCoverageView {
  @ApiProperty({ enum: ['transactions'] })
  layer!: 'transactions';

  @ApiProperty({
    enum: COVERAGE_STATUSES,
    description: "Coverage of the parcel's gmina or of the region: missing means no transaction data there, so a count of 0 says nothing about the market",
  })
  status!: CoverageStatus;
}

/** GET /market/transactions. */
export class TransactionListView {
  @ApiProperty({ type: 'integer', description: 'All matching transactions, not only those returned' })
  count!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Median price per m2 over all matching transactions; null when there are none' })
  median_price_per_sqm_pln!: number | null;

  @ApiProperty({
    type: [LandTypeMedianView],
    description: 'The matching land transactions split by land type, each with its own median (agricultural, building, other; a land type without transactions is left out)',
  })
  land_type_medians!: LandTypeMedianView[];

  @ApiProperty({ type: [TransactionView], description: 'Newest first (ties by id), at most limit' })
  transactions!: TransactionView[];

  @ApiProperty({ type: TransactionCoverageView })
  coverage!: TransactionCoverageView;
}
