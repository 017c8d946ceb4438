import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GetReportFileRequest, ParcelReportRequest, ParcelSubjects, SiteReportRequest, type ParcelReportView, type ReportLinkReply, type ReportPdfView, type SiteReportView } from '@lp/contracts';
import { ReportLinksService } from './link/report-links.service.js';
import { ReportService } from './report.service.js';
import { SiteReportService } from './site/site-report.service.js';

@Controller()
export class ReportHandler {
  constructor(
    private readonly reports: ReportService,
    private readonly links: ReportLinksService,
    private readonly sites: SiteReportService,
  ) {}

  @MessagePattern(ParcelSubjects.report)
  report(@Payload() request: ParcelReportRequest): Promise<ParcelReportView> {
    return this.reports.report(request);
  }

  @MessagePattern(ParcelSubjects.reportPdf)
  pdf(@Payload() request: ParcelReportRequest): Promise<ReportPdfView> {
    return this.reports.pdfView(request);
  }

  @MessagePattern(ParcelSubjects.reportLinkCreate)
  createLink(@Payload() request: ParcelReportRequest): Promise<ReportLinkReply> {
    return this.links.create(request);
  }

  @MessagePattern(ParcelSubjects.siteReport)
  siteReport(@Payload() request: SiteReportRequest): Promise<SiteReportView> {
    return this.sites.report(request);
  }

  @MessagePattern(ParcelSubjects.siteReportPdf)
  sitePdf(@Payload() request: SiteReportRequest): Promise<ReportPdfView> {
    return this.sites.pdfView(request);
  }

  @MessagePattern(ParcelSubjects.siteReportLinkCreate)
  createSiteLink(@Payload() request: SiteReportRequest): Promise<ReportLinkReply> {
    return this.links.createForSite(request);
  }

  @MessagePattern(ParcelSubjects.reportFile)
  file(@Payload() request: GetReportFileRequest): Promise<ReportPdfView> {
    return this.links.file(request.token);
  }
}
