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
  compare: defineSubject<CompareParcelsRequest, ParcelComparisonView>('parcel.compare'),
} as const;
