import { Injectable } from '@nestjs/common';
import {
  AppError,
  ASSEMBLY_MAX_GAP_DEFAULT_M,
  REPORT_LANGUAGE_DEFAULT,
  type BlockSourceView,
  type ParcelReportView,
  type ReportPdfView,
  type SiteReportRequest,
  type SiteReportView,
} from '@lp/contracts';
import { dataNotice, featuresNamed, SourceNotesRepository } from '../data-notice.js';
import { ReportMapRepository } from '../map/report-map.repository.js';
import { SiteReportPdfRenderer } from '../pdf/site-report-pdf.renderer.js';
import { fingerprint, ReportService } from '../report.service.js';
import { SiteMembersRepository } from './site-members.repository.js';
import { summariseSite } from './site-summary.js';
import { siteConstraints, siteCoverageGaps } from './site-union.js';

/** Member reports built at once: each takes a few statements, and the pool is shared with every other request. */
const MEMBERS_AT_ONCE = 4;

/**
 * The report on an assembled site: the members are checked (they exist and form one site within
 * the gap), each member's own report is built exactly as GET /v1/parcels/{id}/report builds it,
 * and the union's constraints, coverage gaps and summary are derived from them.
 */
@Injectable()
export class SiteReportService {
  constructor(
    private readonly reports: ReportService,
    private readonly members: SiteMembersRepository,
    private readonly maps: ReportMapRepository,
    private readonly sourceNotes: SourceNotesRepository,
    private readonly pdf: SiteReportPdfRenderer,
  ) {}

  async report(request: SiteReportRequest): Promise<SiteReportView> {
    const language = request.language ?? REPORT_LANGUAGE_DEFAULT;
    const gap = request.max_gap_m ?? ASSEMBLY_MAX_GAP_DEFAULT_M;
    await this.requireOneSite(request.parcel_ids, gap);
    const reports = await this.memberReports(request.parcel_ids, language);
    const members = [...reports].sort((a, b) => b.parcel.properties.area_sqm - a.parcel.properties.area_sqm || (a.parcel.id < b.parcel.id ? -1 : 1));
    const total = members.reduce((sum, m) => sum + m.parcel.properties.area_sqm, 0);
    const outline = await this.members.outline(request.parcel_ids, gap);
    const constraints = siteConstraints(members);
    const gaps = siteCoverageGaps(members, language);
    const layers = usedLayers(members);
    const used = layers.map((l) => l.layer);
    const named = featuresNamed(members.flatMap((m) => [m.constraints.items, m.proximity.items]));
    const notice = dataNotice(used, await this.sourceNotes.notesOf(used), language, named);
    const sentences = summariseSite({ members, totalSqm: total, compactness: outline.compactness, constraints, gaps, dataNotice: notice?.text ?? null }, language);
    return {
      site: {
        geometry: outline.geometry,
        total_area_sqm: Math.round(total * 100) / 100,
        compactness: outline.compactness,
        max_gap_m: gap,
        parcels: members.map((m) => ({ parcel_id: m.parcel.id, area_sqm: m.parcel.properties.area_sqm, gmina: m.parcel.properties.gmina, teryt: m.parcel.properties.teryt })),
      },
      language,
      data_notice: notice,
      summary: sentences.join(' '),
      summary_sentences: sentences,
      blocking: constraints.some((c) => c.severity === 'blocking'),
      constraints,
      coverage_gaps: gaps,
      members,
      provenance: { generated_at: new Date().toISOString(), data_version: fingerprint(layers), layers },
    };
  }

  async pdfOf(request: SiteReportRequest): Promise<{ report: SiteReportView; pdf: Buffer }> {
    const report = await this.report(request);
    const map = await this.maps.mapOfSite(report.site.parcels.map((p) => p.parcel_id));
    return { report, pdf: await this.pdf.render(report, map) };
  }

  async pdfView(request: SiteReportRequest): Promise<ReportPdfView> {
    const { report, pdf } = await this.pdfOf(request);
    return { filename: siteReportFilename(report), content_base64: pdf.toString('base64') };
  }

  /** Every id a parcel (404 naming the others), and every member within the gap of another (400 naming those apart). */
  private async requireOneSite(ids: readonly string[], gapM: number): Promise<void> {
    const placement = await this.members.placement(ids, gapM);
    const unknown = ids.filter((id) => !placement.found.includes(id));
    if (unknown.length > 0) throw AppError.notFound(`No parcel has the id ${unknown.map((id) => JSON.stringify(id)).join(', ')}; parcel_ids must be EGiB parcel ids.`);
    // the members apart are those outside the cluster of the first member given
    const main = placement.clusterOf.get(ids[0]!);
    const apart = ids.filter((id) => placement.clusterOf.get(id) !== main);
    if (apart.length > 0) {
      throw AppError.invalid(
        `The parcels do not form one site: ${apart.join(', ')} lie more than max_gap_m ${gapM} m from ${ids[0]} and the members joined to it. ` +
          `Every member must lie within max_gap_m (0 to 50 m) of another; report them separately or allow a larger gap.`,
      );
    }
  }

  private async memberReports(ids: readonly string[], language: SiteReportView['language']): Promise<ParcelReportView[]> {
    const out: ParcelReportView[] = [];
    for (let start = 0; start < ids.length; start += MEMBERS_AT_ONCE) {
      out.push(...(await Promise.all(ids.slice(start, start + MEMBERS_AT_ONCE).map((id) => this.reports.report({ parcel_id: id, language })))));
    }
    return out;
  }
}

export function siteReportFilename(report: SiteReportView): string {
  return `site-report-${report.site.parcels[0]!.parcel_id.replaceAll('/', '-')}-${report.site.parcels.length}-parcels.pdf`;
}

/** Each layer once across the members, by id. */
function usedLayers(members: readonly ParcelReportView[]): BlockSourceView[] {
  const byLayer = new Map<string, BlockSourceView>();
  for (const source of members.flatMap((m) => m.provenance.layers)) byLayer.set(source.layer, source);
  return [...byLayer.values()].sort((a, b) => a.layer.localeCompare(b.layer));
}
