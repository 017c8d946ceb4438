import { Optional } from '../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

export const GEOCODE_QUERY_MAX_LENGTH = 200;
export const GEOCODE_LIMIT_MAX = 15;
export const GEOCODE_LIMIT_DEFAULT = 15;

/** `geocode.addresses.search`: address points matching a free-text address, best first. */
export class GeocodeAddressRequest {
  @ApiProperty({
    description:
      'Free-text address in any word order: street, house number, postcode, locality (or gmina). Diacritics optional; ' +
      'ul./ulica, al./aleja, os./osiedle and pl./plac may be written or left out; house numbers like 12, 12a or 12/3.',
    minLength: 1,
    maxLength: GEOCODE_QUERY_MAX_LENGTH,
    example: 'ul. Głogowska 12, 60-101 Poznań',
  })
  @IsString({ message: 'q must be a string' })
  @MinLength(1, { message: `q must be an address of 1 to ${GEOCODE_QUERY_MAX_LENGTH} characters, e.g. "Głogowska 12, Poznań"` })
  @MaxLength(GEOCODE_QUERY_MAX_LENGTH, { message: `q must be an address of 1 to ${GEOCODE_QUERY_MAX_LENGTH} characters, e.g. "Głogowska 12, Poznań"` })
  q!: string;

  @ApiPropertyOptional({ description: 'Most candidates to return', minimum: 1, maximum: GEOCODE_LIMIT_MAX, default: GEOCODE_LIMIT_DEFAULT })
  @Optional()
  @IsInt({ message: `limit must be an integer from 1 to ${GEOCODE_LIMIT_MAX}` })
  @Min(1, { message: `limit must be an integer from 1 to ${GEOCODE_LIMIT_MAX}` })
  @Max(GEOCODE_LIMIT_MAX, { message: `limit must be an integer from 1 to ${GEOCODE_LIMIT_MAX}` })
  limit?: number;
}
