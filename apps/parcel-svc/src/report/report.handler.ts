import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateReportLinkRequest,
  CreateSiteReportLinkRequest,
  GetReportFileRequest,
  ParcelReportRequest,
  ParcelSubjects,
  SiteReportRequest,
  type ParcelReportView, type ReportLinkReply, type ReportPdfView, type SiteReportView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
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

  @Answers(ParcelSubjects.report)
  report(@Payload() request: ParcelReportRequest): Promise<ParcelReportView> {
    return this.reports.report(request);
  }

  @Answers(ParcelSubjects.reportPdf)
  pdf(@Payload() request: ParcelReportRequest): Promise<ReportPdfView> {
    return this.reports.pdfView(request);
  }

  @Answers(ParcelSubjects.reportLinkCreate)
  createLink(@Payload() request: CreateReportLinkRequest): Promise<ReportLinkReply> {
    return this.links.create(request);
  }

  @Answers(ParcelSubjects.siteReport)
  siteReport(@Payload() request: SiteReportRequest): Promise<SiteReportView> {
    return this.sites.report(request);
  }

  @Answers(ParcelSubjects.siteReportPdf)
  sitePdf(@Payload() request: SiteReportRequest): Promise<ReportPdfView> {
    return this.sites.pdfView(request);
  }

  @Answers(ParcelSubjects.siteReportLinkCreate)
  createSiteLink(@Payload() request: CreateSiteReportLinkRequest): Promise<ReportLinkReply> {
    return this.links.createForSite(request);
  }

  @Answers(ParcelSubjects.reportFile)
  file(@Payload() request: GetReportFileRequest): Promise<ReportPdfView> {
    return this.links.file(request.token);
  }
}
