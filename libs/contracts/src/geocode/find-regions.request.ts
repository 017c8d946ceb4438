import { Optional } from '../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

export const REGION_QUERY_MAX_LENGTH = 100;
export const REGIONS_LIMIT_DEFAULT = 10;
export const REGIONS_LIMIT_MAX = 50;

/** `geocode.regions.find`: administrative units whose name matches the text, best first. */
export class FindRegionsRequest {
  @ApiProperty({
    description:
      'Name of a gmina, powiat or voivodeship, or its beginning; diacritics optional (krakow finds Kraków); or a TERYT code of 2, 4 or 7 digits, which finds exactly that unit. ' +
      'A leading unit word restricts the level: gmina / gm., powiat / pow., województwo / woj., miasto (cities and towns).',
    minLength: 1,
    maxLength: REGION_QUERY_MAX_LENGTH,
    example: 'krakow',
  })
  @IsString({ message: 'q must be a string' })
  @MinLength(1, { message: 'q must have at least 1 character' })
  @MaxLength(REGION_QUERY_MAX_LENGTH, { message: `q must have at most ${REGION_QUERY_MAX_LENGTH} characters` })
  q!: string;

  @ApiPropertyOptional({ description: 'Most units to return', minimum: 1, maximum: REGIONS_LIMIT_MAX, default: REGIONS_LIMIT_DEFAULT })
  @Optional()
  @IsInt({ message: `limit must be an integer from 1 to ${REGIONS_LIMIT_MAX}` })
  @Min(1, { message: `limit must be an integer from 1 to ${REGIONS_LIMIT_MAX}` })
  @Max(REGIONS_LIMIT_MAX, { message: `limit must be an integer from 1 to ${REGIONS_LIMIT_MAX}` })
  limit?: number;
}
