import { Optional } from '../../common/optional.js';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { GetParcelRequest } from '../get-parcel.request.js';
import { SCENARIO_ID_MESSAGE, SCENARIO_ID_PATTERN } from './scenario-id.js';

export const REPORT_LANGUAGES = ['en', 'pl'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const REPORT_LANGUAGE_DEFAULT: ReportLanguage = 'en';

/**
 * `parcel.report.get`, `parcel.report.pdf` and `parcel.report.link.create` (with the key it is
 * stored for: CreateReportLinkRequest): the due-diligence report of one parcel, optionally judged
 * against a scenario, in English or Polish.
 */
export class ParcelReportRequest extends GetParcelRequest {
  @ApiPropertyOptional({ description: 'Scenario id: adds the scenario_fit section', example: 'solar_farm_site' })
  @Optional()
  @IsString({ message: SCENARIO_ID_MESSAGE })
  @Matches(SCENARIO_ID_PATTERN, { message: SCENARIO_ID_MESSAGE })
  scenario?: string;

  @ApiPropertyOptional({ enum: REPORT_LANGUAGES, default: REPORT_LANGUAGE_DEFAULT, description: 'Language of the summary and of the PDF' })
  @Optional()
  @IsIn(REPORT_LANGUAGES, { message: `language must be one of ${REPORT_LANGUAGES.join(', ')}` })
  language?: ReportLanguage;
}

/** Body of POST /v1/parcels/{parcel_id}/report/link (the parcel comes from the path). */
export class CreateReportLinkBody {
  @ApiPropertyOptional({ description: 'Scenario id: adds the scenario_fit section', example: 'solar_farm_site' })
  scenario?: string;

  @ApiPropertyOptional({ enum: REPORT_LANGUAGES, default: REPORT_LANGUAGE_DEFAULT })
  language?: ReportLanguage;
}

/** A report link token: 43 characters of base64url (32 random bytes). */
export const REPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `parcel.report.file.get`: the stored PDF behind a shareable link. */
export class GetReportFileRequest {
  @IsString()
  @Matches(REPORT_TOKEN_PATTERN, { message: 'no report has this link' })
  token!: string;
}
