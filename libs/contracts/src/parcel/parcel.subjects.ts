import { defineSubject } from '../common/subject.js';
import type {
  CompareParcelsRequest,
  ConstraintsView,
  GetParcelDetailRequest,
  GetReportFileRequest,
  ParcelAtRequest,
  ParcelAutocompleteRequest,
  ParcelBatchRequest,
  ParcelBatchView,
  ParcelBlockRequest,
  ParcelComparisonView,
  ParcelConstraintsRequest,
  ParcelFeatureView,
  ParcelProximityRequest,
  ParcelReportRequest,
  ParcelReportView,
  ParcelSuggestionView,
  ProximityView,
  RegulationsView,
  ReportLinkReply,
  ReportPdfView,
  SiteReportRequest,
  SiteReportView,
  TerrainView,
} from '../index.js';

/** NATS subjects answered by parcel-svc, each with its request and reply. */
export const ParcelSubjects = {
  get: defineSubject<GetParcelDetailRequest, ParcelFeatureView>('parcel.get'),
  at: defineSubject<ParcelAtRequest, ParcelFeatureView>('parcel.at'),
  autocomplete: defineSubject<ParcelAutocompleteRequest, ParcelSuggestionView[]>('parcel.autocomplete'),
  batch: defineSubject<ParcelBatchRequest, ParcelBatchView>('parcel.batch'),
  regulations: defineSubject<ParcelBlockRequest, RegulationsView>('parcel.regulations.get'),
  constraints: defineSubject<ParcelConstraintsRequest, ConstraintsView>('parcel.constraints.get'),
  terrain: defineSubject<ParcelBlockRequest, TerrainView>('parcel.terrain.get'),
  proximity: defineSubject<ParcelProximityRequest, ProximityView>('parcel.proximity.get'),
  /** GET /v1/parcels/{id}/report, JSON. */
  report: defineSubject<ParcelReportRequest, ParcelReportView>('parcel.report.get'),
  /** The same report as a PDF, base64. */
  reportPdf: defineSubject<ParcelReportRequest, ReportPdfView>('parcel.report.pdf'),
  /** Renders, stores and links the PDF. */
  reportLinkCreate: defineSubject<ParcelReportRequest, ReportLinkReply>('parcel.report.link.create'),
  /** A stored PDF by its link token. */
  reportFile: defineSubject<GetReportFileRequest, ReportPdfView>('parcel.report.file.get'),
  /** POST /v1/sites/report, JSON: the report on an assembled site. */
  siteReport: defineSubject<SiteReportRequest, SiteReportView>('parcel.site-report.get'),
  /** The same site report as a PDF, base64. */
  siteReportPdf: defineSubject<SiteReportRequest, ReportPdfView>('parcel.site-report.pdf'),
  /** Renders, stores and links the site report's PDF. */
  siteReportLinkCreate: defineSubject<SiteReportRequest, ReportLinkReply>('parcel.site-report.link.create'),
  compare: defineSubject<CompareParcelsRequest, ParcelComparisonView>('parcel.compare'),
} as const;
