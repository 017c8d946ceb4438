import { Injectable } from '@nestjs/common';
import type { ReportLanguage, SiteReportView } from '@lp/contracts';
import type PDFDocument from 'pdfkit';
import type { ReportMapData } from '../map/report-map.js';
import { categoryName, constraintAreaName, layerName } from '../report-terms.js';
import { formatDateTime, formatHectares, formatNumber, SEVERITY_LABELS } from '../report-vocabulary.js';
import { SEVERITY_COLOR } from './map-drawing.js';
import { PDF_LABELS, type PdfLabels } from './pdf-labels.js';
import { contentWidth, drawFacts, drawTable, factsHeight, paragraph, sectionHeading, type TableCell } from './pdf-layout.js';
import { COLORS } from './pdf-theme.js';
import { collect, drawDataNotice, drawFooters, drawMapSection, drawSummary, newReportDocument, rule } from './report-pdf.renderer.js';
import { SITE_PDF_LABELS, type SitePdfLabels } from './site-pdf-labels.js';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The site report as a printable A4 PDF, laid out as the parcel report: header, summary, a map of
 * the members, the site and its members in tables, the constraints of the whole site, what could
 * not be checked for which member, sources.
 */
@Injectable()
export class SiteReportPdfRenderer {
  render(report: SiteReportView, map: ReportMapData | null): Promise<Buffer> {
    const language = report.language;
    const labels = PDF_LABELS[language];
    const site = SITE_PDF_LABELS[language];
    const subject = site.title(report.site.parcels.length, formatHectares(report.site.total_area_sqm, language));
    const doc = newReportDocument(`${site.kicker}: ${subject}`, subject, report.provenance.generated_at, language);
    const done = collect(doc);
    drawHeader(doc, report, labels, site, subject);
    drawDataNotice(doc, report, labels);
    drawSummary(doc, report, labels);
    if (map) drawMapSection(doc, map, language, { ...labels, legendParcel: site.legendMembers });
    siteSection(doc, report, labels, site, language);
    membersSection(doc, report, labels, site, language);
    constraintsSection(doc, report, labels, site, language);
    gapsSection(doc, report, labels, site, language);
    sourcesSection(doc, report, labels, site, language);
    drawFooters(doc, subject, report.provenance.data_version, labels);
    doc.end();
    return done;
  }
}

const n = (value: number, language: ReportLanguage, digits = 0): string => formatNumber(value, language, digits);

function drawHeader(doc: Doc, report: SiteReportView, labels: PdfLabels, site: SitePdfLabels, subject: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.rect(0, 0, doc.page.width, 6).fill(COLORS.accent);
  doc.font('bold').fontSize(8).fillColor(COLORS.accent).text(site.kicker, left, doc.page.margins.top, { characterSpacing: 1.2 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(18).fillColor(COLORS.navy).text(subject, { width });
  const gminas = [...new Map(report.site.parcels.map((p) => [p.teryt, `${p.gmina} (TERYT ${p.teryt})`])).values()];
  doc.font('regular').fontSize(9.5).fillColor(COLORS.muted).text(`${labels.gmina} ${gminas.join(', ')}`, { width });
  doc.moveDown(0.2);
  doc.fontSize(7.5).text(`${labels.generated} ${formatDateTime(report.provenance.generated_at, report.language)}   ·   ${labels.dataVersion} ${report.provenance.data_version.slice(0, 19)}`, { width });
  doc.moveDown(0.5);
  rule(doc);
}

function siteSection(doc: Doc, report: SiteReportView, labels: PdfLabels, site: SitePdfLabels, language: ReportLanguage): void {
  sectionHeading(doc, site.site, factsHeight(5));
  drawFacts(doc, [
    [site.members, report.site.parcels.map((p) => p.parcel_id).join(', ')],
    [site.totalArea, `${n(Math.round(report.site.total_area_sqm), language)} m² (${formatHectares(report.site.total_area_sqm, language)})`],
    [site.compactness, n(report.site.compactness, language, 2)],
    [site.maxGap, `${n(report.site.max_gap_m, language, 1)} m`],
    [site.gminas, [...new Set(report.site.parcels.map((p) => `${p.gmina} (${p.teryt})`))].join(', ')],
  ]);
}

/** One row per member: its area, zoning, slope, blocking constraint and the layers without data for it. */
function membersSection(doc: Doc, report: SiteReportView, labels: PdfLabels, site: SitePdfLabels, language: ReportLanguage): void {
  sectionHeading(doc, site.members);
  const unknown: TableCell = { text: labels.unknown, color: COLORS.restrictive };
  drawTable(
    doc,
    [
      // wide enough for the Polish headers and "Nieznane" unbroken
      { header: site.membersTable.parcel, width: 0.19 },
      { header: site.membersTable.area, width: 0.16, align: 'right' },
      { header: site.membersTable.zoning, width: 0.18 },
      { header: site.membersTable.slope, width: 0.14, align: 'right' },
      { header: site.membersTable.blocking, width: 0.15 },
      { header: site.membersTable.gaps, width: 0.18 },
    ],
    report.members.map((member) => {
      const mpzp = member.regulations.mpzp;
      const zoning: string | TableCell = mpzp === undefined ? unknown : mpzp === null ? site.noPlan : `${mpzp.symbol} · ${categoryName(mpzp.category, language)}`;
      const slope = member.terrain.slope_mean_pct;
      const blocking = member.constraints.items.filter((item) => item.severity === 'blocking');
      return [
        member.parcel.id,
        formatHectares(member.parcel.properties.area_sqm, language),
        zoning,
        slope === undefined ? unknown : `${n(slope, language, 1)} %`,
        blocking.length > 0 ? { text: blocking.map((item) => constraintAreaName(item, language)).join(', '), color: COLORS.blocking } : labels.no,
        member.coverage_gaps.length > 0 ? { text: member.coverage_gaps.map((g) => layerName(g.layer, language)).join(', '), color: COLORS.restrictive } : '–',
      ];
    }),
  );
}

function constraintsSection(doc: Doc, report: SiteReportView, labels: PdfLabels, site: SitePdfLabels, language: ReportLanguage): void {
  sectionHeading(doc, site.siteConstraints);
  if (report.constraints.length === 0) {
    paragraph(doc, site.noConstraints);
    return;
  }
  paragraph(doc, site.siteConstraintsNote, COLORS.muted, 7.5);
  drawTable(
    doc,
    [
      { header: labels.severity, width: 0.14 },
      { header: labels.areaName, width: 0.3 },
      { header: labels.overlap, width: 0.12, align: 'right' },
      { header: labels.distance, width: 0.12, align: 'right' },
      { header: site.onMembers, width: 0.32 },
    ],
    report.constraints.map((c) => [
      { text: SEVERITY_LABELS[language][c.severity], color: SEVERITY_COLOR[c.severity], bold: c.severity === 'blocking' },
      constraintAreaName(c, language),
      `${n(c.overlap_pct, language, 1)} %`,
      `${n(c.distance_m, language)} m`,
      c.parcel_ids.join(', '),
    ]),
  );
}

function gapsSection(doc: Doc, report: SiteReportView, labels: PdfLabels, site: SitePdfLabels, language: ReportLanguage): void {
  sectionHeading(doc, site.gaps);
  if (report.coverage_gaps.length === 0) {
    paragraph(doc, site.noGaps);
    return;
  }
  paragraph(doc, site.gapsNote, COLORS.muted, 7.5);
  drawTable(
    doc,
    [
      { header: labels.layer, width: 0.26 },
      { header: site.status, width: 0.14 },
      { header: site.whichMembers, width: 0.6 },
    ],
    report.coverage_gaps.map((gap) => [
      layerName(gap.layer, language),
      { text: labels.coverageStatus[gap.status], color: COLORS.restrictive },
      gap.parcel_ids.length === report.site.parcels.length ? `${gap.parcel_ids.join(', ')} (${language === 'pl' ? 'wszystkie' : 'all'})` : gap.parcel_ids.join(', '),
    ]),
  );
}

function sourcesSection(doc: Doc, report: SiteReportView, labels: PdfLabels, site: SitePdfLabels, language: ReportLanguage): void {
  const generated = new Set(report.data_notice?.generated_layers ?? []);
  sectionHeading(doc, labels.sources);
  drawTable(
    doc,
    [
      { header: labels.layer, width: 0.28 },
      { header: labels.version, width: 0.12, align: 'right' },
      { header: labels.refreshed, width: 0.28 },
      { header: labels.run, width: 0.32 },
    ],
    report.provenance.layers.map((source) => [
      generated.has(source.layer) ? { text: `${layerName(source.layer, language)} · demo`, color: COLORS.blocking } : layerName(source.layer, language),
      String(source.version),
      formatDateTime(source.refreshed_at, language),
      source.source_run_id,
    ]),
  );
  paragraph(doc, `${labels.dataVersion}: ${report.provenance.data_version}`, COLORS.muted, 7.5);
  paragraph(doc, site.memberReports, COLORS.muted, 7.5);
  paragraph(doc, site.disclaimer, COLORS.muted, 7.5);
}
