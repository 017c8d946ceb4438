import { Optional } from '../../common/optional.js';
import { ZeroOrCentimetres } from '../../common/whole-centimetres.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsNumber, IsString, Matches, Max, Min } from 'class-validator';
import { ASSEMBLY_MAX_GAP_DEFAULT_M, ASSEMBLY_MAX_GAP_MAX_M, ASSEMBLY_MAX_PARCELS_MAX } from '../../search/assembly-search.request.js';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from '../parcel-id.js';
import { REPORT_LANGUAGE_DEFAULT, REPORT_LANGUAGES, type ReportLanguage } from './parcel-report.request.js';

/** A site report covers at least two parcels (one is the parcel report) and at most what an assembly may hold. */
export const SITE_REPORT_PARCELS_MIN = 2;
export const SITE_REPORT_PARCELS_MAX = ASSEMBLY_MAX_PARCELS_MAX;

const PARCELS_MESSAGE = `parcel_ids must be an array of ${SITE_REPORT_PARCELS_MIN} to ${SITE_REPORT_PARCELS_MAX} distinct EGiB parcel ids, e.g. ["${PARCEL_ID_EXAMPLE}", ...] (the members of a site from POST /v1/search/assemblies)`;
const GAP_MESSAGE = `max_gap_m must be a number of metres from 0 to ${ASSEMBLY_MAX_GAP_MAX_M}; got $value`;
const GAP_CM_MESSAGE = `max_gap_m must be 0 or at least 0.01 (a centimetre); got $value`;

/**
 * `parcel.site-report.get` / `.pdf` / `.link.create`, the body of POST /v1/sites/report: the
 * report on an assembled site, its members given by id. The members must form one site: each
 * within max_gap_m of another (as site assembly joins them).
 */
export class SiteReportRequest {
  @ApiProperty({
    type: [String],
    minItems: SITE_REPORT_PARCELS_MIN,
    maxItems: SITE_REPORT_PARCELS_MAX,
    description: 'The member parcels, EGiB ids (an assembled site\'s parcels[].parcel_id)',
    example: [PARCEL_ID_EXAMPLE, '306401_1.0001.123/5'],
  })
  @IsArray({ message: PARCELS_MESSAGE })
  @ArrayMinSize(SITE_REPORT_PARCELS_MIN, { message: PARCELS_MESSAGE })
  @ArrayMaxSize(SITE_REPORT_PARCELS_MAX, { message: PARCELS_MESSAGE })
  @ArrayUnique({ message: 'parcel_ids must not repeat a parcel' })
  @IsString({ each: true, message: PARCELS_MESSAGE })
  @Matches(PARCEL_ID_PATTERN, { each: true, message: PARCELS_MESSAGE })
  parcel_ids!: string[];

  @ApiPropertyOptional({
    minimum: 0,
    maximum: ASSEMBLY_MAX_GAP_MAX_M,
    default: ASSEMBLY_MAX_GAP_DEFAULT_M,
    description: 'Largest gap (m) between members that still joins them into one site, as in site assembly',
  })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: GAP_MESSAGE })
  @Min(0, { message: GAP_MESSAGE })
  @Max(ASSEMBLY_MAX_GAP_MAX_M, { message: GAP_MESSAGE })
  @ZeroOrCentimetres({ message: GAP_CM_MESSAGE })
  max_gap_m?: number;

  @ApiPropertyOptional({ enum: REPORT_LANGUAGES, default: REPORT_LANGUAGE_DEFAULT, description: 'Language of the summary and of the PDF' })
  @Optional()
  @IsIn(REPORT_LANGUAGES, { message: `language must be one of ${REPORT_LANGUAGES.join(', ')}` })
  language?: ReportLanguage;
}
