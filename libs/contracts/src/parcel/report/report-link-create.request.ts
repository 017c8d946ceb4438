import { IsString, Length } from 'class-validator';
import { ParcelReportRequest } from './parcel-report.request.js';
import { SiteReportRequest } from './site-report.request.js';

const OWNER_MESSAGE = 'owner must name the API key the link is stored for';

/**
 * `parcel.report.link.create`: the report as for the PDF, and the API key it is stored for (set
 * by the gateway, never by the client): a key's live links are capped in number and bytes.
 */
export class CreateReportLinkRequest extends ParcelReportRequest {
  @IsString({ message: OWNER_MESSAGE })
  @Length(1, 64, { message: OWNER_MESSAGE })
  owner!: string;
}

/** `parcel.site-report.link.create`: the site report as for the PDF, and the API key it is stored for. */
export class CreateSiteReportLinkRequest extends SiteReportRequest {
  @IsString({ message: OWNER_MESSAGE })
  @Length(1, 64, { message: OWNER_MESSAGE })
  owner!: string;
}
