/** NATS subjects answered by parcel-svc; one request and one reply type each. */
export const ParcelSubjects = {
  get: 'parcel.get',
  at: 'parcel.at',
  autocomplete: 'parcel.autocomplete',
  batch: 'parcel.batch',
  regulations: 'parcel.regulations.get',
  constraints: 'parcel.constraints.get',
  terrain: 'parcel.terrain.get',
  proximity: 'parcel.proximity.get',
  /** ParcelReportRequest -> ParcelReportView (GET /v1/parcels/{id}/report, JSON). */
  report: 'parcel.report.get',
  /** ParcelReportRequest -> ReportPdfView (the same report as a PDF, base64). */
  reportPdf: 'parcel.report.pdf',
  /** ParcelReportRequest -> ReportLinkView: renders, stores and links the PDF. */
  reportLinkCreate: 'parcel.report.link.create',
  /** GetReportFileRequest -> ReportPdfView: a stored PDF by its link token. */
  reportFile: 'parcel.report.file.get',
  /** SiteReportRequest -> SiteReportView (POST /v1/sites/report, JSON): the report on an assembled site. */
  siteReport: 'parcel.site-report.get',
  /** SiteReportRequest -> ReportPdfView (the same report as a PDF, base64). */
  siteReportPdf: 'parcel.site-report.pdf',
  /** SiteReportRequest -> ReportLinkReply: renders, stores and links the site report's PDF. */
  siteReportLinkCreate: 'parcel.site-report.link.create',
  /** CompareParcelsRequest -> ParcelComparisonView. */
  compare: 'parcel.compare',
} as const;
