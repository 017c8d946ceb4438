import { NestedObject } from '../common/nested-object.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsNumber, Max, Min } from 'class-validator';
import { Optional } from '../common/optional.js';
import { ZeroOrCentimetres } from '../common/whole-centimetres.js';
import { NL_LANGUAGES, type NlLanguage } from './natural-language.request.js';
import { SearchParcelsRequest } from './search-parcels.request.js';

/** Bounds of site assembly, in one place for the decorators, the messages and the engine. */
export const ASSEMBLY_MIN_TOTAL_MAX_SQM = 5_000_000;
export const ASSEMBLY_MAX_PARCELS_DEFAULT = 10;
export const ASSEMBLY_MAX_PARCELS_MAX = 30;
export const ASSEMBLY_MAX_GAP_DEFAULT_M = 5;
export const ASSEMBLY_MAX_GAP_MAX_M = 50;
/** Sites per answer. */
export const ASSEMBLY_LIMIT_DEFAULT = 10;

const FINITE = { allowNaN: false, allowInfinity: false };
const TOTAL_MESSAGE = `assembly.min_total_area_sqm must be a number of square metres from 1 to ${ASSEMBLY_MIN_TOTAL_MAX_SQM}; got $value`;
const PARCELS_MESSAGE = `assembly.max_parcels must be an integer from 2 to ${ASSEMBLY_MAX_PARCELS_MAX}; got $value`;
const GAP_MESSAGE = `assembly.max_gap_m must be a number of metres from 0 to ${ASSEMBLY_MAX_GAP_MAX_M}; got $value`;
const GAP_CM_MESSAGE = `assembly.max_gap_m must be 0 or at least 0.01 (a centimetre); got $value`;
const ASSEMBLY_MESSAGE = 'assembly is required: {min_total_area_sqm, max_parcels?, max_gap_m?, min_compactness?}';
const COMPACTNESS_MESSAGE = 'assembly.min_compactness must be a number from 0 to 1 (Polsby-Popper: 1 is a circle, a 10:1 strip about 0.26); got $value';

export class AssemblyOptions {
  @ApiProperty({ description: 'Smallest total area of the site, m²', minimum: 1, maximum: ASSEMBLY_MIN_TOTAL_MAX_SQM, example: 200_000 })
  @IsNumber(FINITE, { message: TOTAL_MESSAGE })
  @Min(1, { message: TOTAL_MESSAGE })
  @Max(ASSEMBLY_MIN_TOTAL_MAX_SQM, { message: TOTAL_MESSAGE })
  min_total_area_sqm!: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 2, maximum: ASSEMBLY_MAX_PARCELS_MAX, default: ASSEMBLY_MAX_PARCELS_DEFAULT, description: 'Most parcels in one site' })
  @Optional()
  @IsInt({ message: PARCELS_MESSAGE })
  @Min(2, { message: PARCELS_MESSAGE })
  @Max(ASSEMBLY_MAX_PARCELS_MAX, { message: PARCELS_MESSAGE })
  max_parcels?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: ASSEMBLY_MAX_GAP_MAX_M,
    default: ASSEMBLY_MAX_GAP_DEFAULT_M,
    description: 'Parcels at most this far apart join one site (a ditch or a field road between strips); 0: they must touch',
  })
  @Optional()
  @IsNumber(FINITE, { message: GAP_MESSAGE })
  @Min(0, { message: GAP_MESSAGE })
  @Max(ASSEMBLY_MAX_GAP_MAX_M, { message: GAP_MESSAGE })
  @ZeroOrCentimetres({ message: GAP_CM_MESSAGE })
  max_gap_m?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, description: 'Smallest Polsby-Popper compactness of the site outline (4πA/P²)' })
  @Optional()
  @IsNumber(FINITE, { message: COMPACTNESS_MESSAGE })
  @Min(0, { message: COMPACTNESS_MESSAGE })
  @Max(1, { message: COMPACTNESS_MESSAGE })
  min_compactness?: number;
}

/**
 * `search.assemblies.run`, the body of POST /v1/search/assemblies (an addition to the spec): a
 * structured search whose results are sites of several neighbouring parcels. `filters` apply to
 * every member parcel except `near` with a reach (within_m > 0), `near_any` and `slope_pct`, which
 * apply to the site as a whole;
 * `area_sqm` bounds each member (keeps slivers out); `limit` counts sites.
 */
export class AssemblySearchRequest extends SearchParcelsRequest {
  @ApiPropertyOptional({ enum: NL_LANGUAGES, default: 'en', description: "Language of each site's why" })
  @Optional()
  @IsIn(NL_LANGUAGES, { message: `language must be one of ${NL_LANGUAGES.join(', ')}` })
  language?: NlLanguage;

  @ApiProperty({ type: AssemblyOptions })
  @IsDefined({ message: ASSEMBLY_MESSAGE })
  @NestedObject(() => AssemblyOptions, ASSEMBLY_MESSAGE)
  assembly!: AssemblyOptions;
}
