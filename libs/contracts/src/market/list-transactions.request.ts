import { Optional } from '../common/optional.js';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsString, Matches, Max, Min } from 'class-validator';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from '../parcel/parcel-id.js';

export const PROPERTY_TYPES = ['land', 'building', 'apartment'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/**
 * What a plot of land was sold as (the register's designation of the land): farmland, a building
 * plot, or anything else (forest, roads, land of unknown designation). Their prices differ a
 * hundredfold, so a median is given per land type, never over them together.
 */
export const LAND_TYPES = ['agricultural', 'building', 'other'] as const;
export type LandType = (typeof LAND_TYPES)[number];

export const TRANSACTIONS_RADIUS_DEFAULT_M = 2000;
export const TRANSACTIONS_RADIUS_MAX_M = 20000;
export const TRANSACTIONS_LIMIT_DEFAULT = 100;
export const TRANSACTIONS_LIMIT_MAX = 500;
/** Default of `since`: this many years before today (UTC). */
export const TRANSACTIONS_SINCE_DEFAULT_YEARS = 2;

/** The default `since` for a day: the same day two years before (UTC; 29 February becomes 1 March), YYYY-MM-DD. */
export function defaultTransactionsSince(today: Date): string {
  return new Date(Date.UTC(today.getUTCFullYear() - TRANSACTIONS_SINCE_DEFAULT_YEARS, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
}

const RADIUS_MESSAGE = `radius_m must be an integer from 1 to ${TRANSACTIONS_RADIUS_MAX_M}`;
const LIMIT_MESSAGE = `limit must be an integer from 1 to ${TRANSACTIONS_LIMIT_MAX}`;
const SINCE_MESSAGE = 'since must be a date in the form YYYY-MM-DD, e.g. 2024-01-31';

/**
 * `market.transactions.list`: notarised transactions around a parcel or within a region.
 * Exactly one of parcel_id and region is required; market-svc enforces that, and that since is
 * not in the future (both depend on more than one field or on today).
 */
export class ListTransactionsRequest {
  @ApiPropertyOptional({ description: 'EGiB parcel id: transactions within radius_m of the parcel. Alternative to region.', example: PARCEL_ID_EXAMPLE })
  @Optional()
  @IsString()
  @Matches(PARCEL_ID_PATTERN, {
    message: `parcel_id must be an EGiB parcel id of at most 80 characters made of letters, digits, '_', '.', '/' and '-', e.g. ${PARCEL_ID_EXAMPLE}`,
  })
  parcel_id?: string;

  @ApiPropertyOptional({ description: 'TERYT code, 2, 4 or 7 digits: transactions in that voivodeship, powiat or gmina. Alternative to parcel_id.', example: '3064011' })
  @Optional()
  @IsString()
  @Matches(/^(\d{2}|\d{4}|\d{7})$/, { message: 'region must be a TERYT code of 2, 4 or 7 digits, e.g. 30, 3064 or 3064011' })
  region?: string;

  @ApiPropertyOptional({ description: 'Metres around the parcel (only with parcel_id)', minimum: 1, maximum: TRANSACTIONS_RADIUS_MAX_M, default: TRANSACTIONS_RADIUS_DEFAULT_M })
  @Optional()
  @IsInt({ message: RADIUS_MESSAGE })
  @Min(1, { message: RADIUS_MESSAGE })
  @Max(TRANSACTIONS_RADIUS_MAX_M, { message: RADIUS_MESSAGE })
  radius_m?: number;

  @ApiPropertyOptional({ enum: PROPERTY_TYPES, description: 'Only transactions of this property type' })
  @Optional()
  @IsIn(PROPERTY_TYPES, { message: `property_type must be one of ${PROPERTY_TYPES.join(', ')}` })
  property_type?: PropertyType;

  @ApiPropertyOptional({ description: 'Earliest deed date, YYYY-MM-DD, not in the future; default two years before today (UTC)', example: '2024-01-31' })
  @Optional()
  @IsString({ message: SINCE_MESSAGE })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: SINCE_MESSAGE })
  @IsISO8601({ strict: true }, { message: SINCE_MESSAGE })
  since?: string;

  @ApiPropertyOptional({ description: 'Most transactions to return', minimum: 1, maximum: TRANSACTIONS_LIMIT_MAX, default: TRANSACTIONS_LIMIT_DEFAULT })
  @Optional()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(TRANSACTIONS_LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;
}
