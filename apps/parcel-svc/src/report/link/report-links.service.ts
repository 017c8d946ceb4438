import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppError, REPORT_LANGUAGE_DEFAULT, type CreateReportLinkRequest, type CreateSiteReportLinkRequest, type ReportLinkReply, type ReportPdfView } from '@lp/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { PARCEL_SVC_ENV, type ParcelSvcEnv } from '../../config/parcel-svc.env.js';
import { reportFilename, ReportService } from '../report.service.js';
import { ReportLinksRepository } from './report-links.repository.js';
import { SiteReportService, siteReportFilename } from '../site/site-report.service.js';

const TOKEN_BYTES = 32;

const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * Shareable links to a report PDF: 256 random bits as the token (only its hash is stored), a
 * configurable lifetime, a sweep of expired rows on every new link and on a timer, and a cap on
 * what one API key holds in live links (REPORT_LINKS_PER_KEY, REPORT_LINK_BYTES_PER_KEY), checked
 * before the PDF is rendered.
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

  async create(request: CreateReportLinkRequest): Promise<ReportLinkReply> {
    await this.checkRoom(request.owner);
    const { report, pdf } = await this.reports.pdfOf(request);
    return this.store({ owner: request.owner, parcelId: report.parcel.id, scenario: request.scenario ?? null, language: request.language ?? REPORT_LANGUAGE_DEFAULT, filename: reportFilename(report.parcel.id), pdf });
  }

  /** A site report's link; the row names the site's largest member (the links table holds one parcel id). */
  async createForSite(request: CreateSiteReportLinkRequest): Promise<ReportLinkReply> {
    await this.checkRoom(request.owner);
    const { report, pdf } = await this.sites.pdfOf(request);
    return this.store({ owner: request.owner, parcelId: report.site.parcels[0]!.parcel_id, scenario: null, language: report.language, filename: siteReportFilename(report), pdf });
  }

  /**
   * 429 rate_limited when the key already holds its most links or bytes, with Retry-After until
   * its first live link expires (links free up only so; nothing else deletes them). Checked
   * before rendering, so a refused link costs no PDF; links made at the same moment may each pass
   * and go one PDF past the cap.
   */
  private async checkRoom(owner: string): Promise<void> {
    const usage = await this.links.usage(owner);
    const { REPORT_LINKS_PER_KEY: maxLinks, REPORT_LINK_BYTES_PER_KEY: maxBytes } = this.env;
    if (usage.links < maxLinks && usage.bytes < maxBytes) return;
    const retryAfterS = Math.max(1, Math.ceil(((usage.firstExpiry?.getTime() ?? Date.now()) - Date.now()) / 1000));
    const held = usage.links >= maxLinks ? `${usage.links} live report links (at most ${maxLinks})` : `${mib(usage.bytes)} of report PDFs in live links (at most ${mib(maxBytes)})`;
    throw new AppError(
      'rate_limited',
      `This API key holds ${held}; a new link can be stored when one of them expires, the first at ${usage.firstExpiry?.toISOString() ?? 'once swept'} ` +
        `(retry after ${retryAfterS} s). The report itself is still available without storing it: GET /v1/parcels/{parcel_id}/report with Accept: application/pdf (scope parcels:read).`,
      undefined,
      retryAfterS,
    );
  }

  private async store(file: { owner: string; parcelId: string; scenario: string | null; language: string; filename: string; pdf: Buffer }): Promise<ReportLinkReply> {
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

/** Bytes as MiB with one decimal. */
function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}
