import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GetReportFileRequest, ParcelReportRequest, ParcelSubjects, type ParcelReportView, type ReportLinkReply, type ReportPdfView } from '@lp/contracts';
import { ReportLinksService } from './link/report-links.service.js';
import { ReportService } from './report.service.js';

@Controller()
export class ReportHandler {
  constructor(
    private readonly reports: ReportService,
    private readonly links: ReportLinksService,
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

  @MessagePattern(ParcelSubjects.reportFile)
  file(@Payload() request: GetReportFileRequest): Promise<ReportPdfView> {
    return this.links.file(request.token);
  }
}
