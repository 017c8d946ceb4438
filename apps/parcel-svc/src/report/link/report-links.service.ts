import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppError, REPORT_LANGUAGE_DEFAULT, type ParcelReportRequest, type ReportLinkReply, type ReportPdfView, type SiteReportRequest } from '@lp/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { PARCEL_SVC_ENV, type ParcelSvcEnv } from '../../config/parcel-svc.env.js';
import { reportFilename, ReportService } from '../report.service.js';
import { ReportLinksRepository } from './report-links.repository.js';
import { SiteReportService, siteReportFilename } from '../site/site-report.service.js';

const TOKEN_BYTES = 32;

const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * Shareable links to a report PDF: 256 random bits as the token (only its hash is stored), a
 * configurable lifetime, and a sweep of expired rows on every new link and on a timer.
 */
@Injectable()
export class ReportLinksService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ReportLinksService.name);
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly reports: ReportService,
    private readonly links: ReportLinksRepository,
    private readonly sites: SiteReportService,
    @Inject(PARCEL_SVC_ENV) private readonly env: ParcelSvcEnv,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), this.env.REPORT_LINK_SWEEP_SECONDS * 1000);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  async create(request: ParcelReportRequest): Promise<ReportLinkReply> {
    const { report, pdf } = await this.reports.pdfOf(request);
    return this.store({ parcelId: report.parcel.id, scenario: request.scenario ?? null, language: request.language ?? REPORT_LANGUAGE_DEFAULT, filename: reportFilename(report.parcel.id), pdf });
  }

  /** A site report's link; the row names the site's largest member (the links table holds one parcel id). */
  async createForSite(request: SiteReportRequest): Promise<ReportLinkReply> {
    const { report, pdf } = await this.sites.pdfOf(request);
    return this.store({ parcelId: report.site.parcels[0]!.parcel_id, scenario: null, language: report.language, filename: siteReportFilename(report), pdf });
  }

  private async store(file: { parcelId: string; scenario: string | null; language: string; filename: string; pdf: Buffer }): Promise<ReportLinkReply> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = await this.links.save({ tokenHash: hashOf(token), ...file, ttlSeconds: this.env.REPORT_LINK_TTL_SECONDS });
    await this.sweep();
    return { path: `/v1/reports/${token}.pdf`, expires_at: expiresAt.toISOString() };
  }

  async file(token: string): Promise<ReportPdfView> {
    const found = await this.links.findLive(hashOf(token));
    if (!found) throw AppError.notFound('No report has this link, or the link has expired; ask for a new link.');
    return { filename: found.filename, content_base64: found.pdf.toString('base64') };
  }

  private async sweep(): Promise<void> {
    try {
      const removed = await this.links.deleteExpired();
      if (removed > 0) this.logger.log(`removed ${removed} expired report link(s)`);
    } catch (error) {
      this.logger.warn(`sweeping expired report links failed: ${(error as Error).message}`);
    }
  }
}
