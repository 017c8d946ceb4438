import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SEARCH_LIMIT_MAX, TERYT_MESSAGE, TERYT_PATTERN } from './search-bounds.js';
import { OptionalField } from '../common/optional-field.js';

/** A sentence, not a document: longer queries are refused (400) rather than cut. */
export const NL_QUERY_MAX_LENGTH = 500;
/** Languages of the interpretation's words (assumptions, filters, why, messages). */
export const NL_LANGUAGES = ['pl', 'en'] as const;
export type NlLanguage = (typeof NL_LANGUAGES)[number];

const LIMIT_MESSAGE = `limit must be an integer from 1 to ${SEARCH_LIMIT_MAX}; got $value`;
const QUERY_MESSAGE = `query must be a non-empty text of at most ${NL_QUERY_MAX_LENGTH} characters`;

/**
 * `search.nl.run` and `search.nl.interpret`, the body of POST /v1/search/natural-language (spec
 * "Search": query required, region optional TERYT overriding any place in the query, language, limit).
 */
export class NaturalLanguageSearchRequest {
  @ApiProperty({
    description: `What to find, in Polish or English, 1 to ${NL_QUERY_MAX_LENGTH} characters, e.g. a place, an asset type and criteria`,
    minLength: 1,
    maxLength: NL_QUERY_MAX_LENGTH,
    example: 'farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV',
  })
  @IsString({ message: QUERY_MESSAGE })
  @Matches(/\S/, { message: QUERY_MESSAGE })
  @MaxLength(NL_QUERY_MAX_LENGTH, { message: QUERY_MESSAGE })
  query!: string;

  @ApiPropertyOptional({ description: 'TERYT code of 2, 4 or 7 digits; overrides any place named in the query', example: '3021' })
  @OptionalField()
  @IsString({ message: TERYT_MESSAGE })
  @Matches(TERYT_PATTERN, { message: TERYT_MESSAGE })
  region?: string;

  @ApiPropertyOptional({ enum: NL_LANGUAGES, description: 'Language of assumptions, filters, why and error messages; absent: detected from the query' })
  @OptionalField()
  @IsIn(NL_LANGUAGES, { message: `language must be one of ${NL_LANGUAGES.join(', ')}` })
  language?: NlLanguage;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SEARCH_LIMIT_MAX,
    description: 'Most results; copied into interpretation.request (wins over a count in the query, e.g. "10 działek")',
  })
  @OptionalField()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(SEARCH_LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;
}
