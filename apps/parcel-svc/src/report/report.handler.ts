import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetReportFileRequest, ParcelReportRequest, ParcelSubjects, type ParcelReportView, type ReportLinkReply, type ReportPdfView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { ReportLinksService } from './link/report-links.service.js';
import { ReportService } from './report.service.js';

@Controller()
export class ReportHandler {
  constructor(
    private readonly reports: ReportService,
    private readonly links: ReportLinksService,
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
  createLink(@Payload() request: ParcelReportRequest): Promise<ReportLinkReply> {
    return this.links.create(request);
  }

  @Answers(ParcelSubjects.reportFile)
  file(@Payload() request: GetReportFileRequest): Promise<ReportPdfView> {
    return this.links.file(request.token);
  }
}
