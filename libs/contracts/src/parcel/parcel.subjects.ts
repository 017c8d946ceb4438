import { defineSubject } from '../common/subject.js';
import type { CompareParcelsRequest } from './compare/compare-parcels.request.js';
import type { ParcelComparisonView } from './compare/parcel-comparison.view.js';
import type { ConstraintsView } from './facts/constraints.view.js';
import type { ParcelBlockRequest, ParcelConstraintsRequest, ParcelProximityRequest } from './facts/parcel-facts.request.js';
import type { ProximityView } from './facts/proximity.view.js';
import type { RegulationsView } from './facts/regulations.view.js';
import type { TerrainView } from './facts/terrain.view.js';
import type { GetParcelDetailRequest } from './get-parcel.request.js';
import type { ParcelFeatureView } from './parcel-feature.view.js';
import type { ParcelAtRequest, ParcelAutocompleteRequest, ParcelBatchRequest } from './parcel-lookup.request.js';
import type { ParcelBatchJson, ParcelSuggestionView } from './parcel-lookup.view.js';
import type { GetReportFileRequest, ParcelReportRequest } from './report/parcel-report.request.js';
import type { ParcelReportView } from './report/parcel-report.view.js';
import type { ReportLinkReply, ReportPdfView } from './report/report-document.view.js';
import type { SiteReportRequest } from './report/site-report.request.js';
import type { CreateReportLinkRequest, CreateSiteReportLinkRequest } from './report/report-link-create.request.js';
import type { SiteReportView } from './report/site-report.view.js';

/** NATS subjects answered by parcel-svc, each with its request and reply. */
export const ParcelSubjects = {
  get: defineSubject<GetParcelDetailRequest, ParcelFeatureView>('parcel.get'),
  at: defineSubject<ParcelAtRequest, ParcelFeatureView>('parcel.at'),
  autocomplete: defineSubject<ParcelAutocompleteRequest, ParcelSuggestionView[]>('parcel.autocomplete'),
  batch: defineSubject<ParcelBatchRequest, ParcelBatchJson>('parcel.batch'),
  regulations: defineSubject<ParcelBlockRequest, RegulationsView>('parcel.regulations.get'),
  constraints: defineSubject<ParcelConstraintsRequest, ConstraintsView>('parcel.constraints.get'),
  terrain: defineSubject<ParcelBlockRequest, TerrainView>('parcel.terrain.get'),
  proximity: defineSubject<ParcelProximityRequest, ProximityView>('parcel.proximity.get'),
  /** GET /v1/parcels/{id}/report, JSON. */
  report: defineSubject<ParcelReportRequest, ParcelReportView>('parcel.report.get'),
  /** The same report as a PDF, base64. */
  reportPdf: defineSubject<ParcelReportRequest, ReportPdfView>('parcel.report.pdf'),
  /** Renders, stores and links the PDF. */
  reportLinkCreate: defineSubject<CreateReportLinkRequest, ReportLinkReply>('parcel.report.link.create'),
  /** A stored PDF by its link token. */
  reportFile: defineSubject<GetReportFileRequest, ReportPdfView>('parcel.report.file.get'),
  /** POST /v1/sites/report, JSON: the report on an assembled site. */
  siteReport: defineSubject<SiteReportRequest, SiteReportView>('parcel.site-report.get'),
  /** The same site report as a PDF, base64. */
  siteReportPdf: defineSubject<SiteReportRequest, ReportPdfView>('parcel.site-report.pdf'),
  /** Renders, stores and links the site report's PDF. */
  siteReportLinkCreate: defineSubject<CreateSiteReportLinkRequest, ReportLinkReply>('parcel.site-report.link.create'),
  compare: defineSubject<CompareParcelsRequest, ParcelComparisonView>('parcel.compare'),
} as const;
