import { Injectable } from '@nestjs/common';
import type { ParcelReportView, ReportDataNoticeView, ReportLanguage } from '@lp/contracts';
import PDFDocument from 'pdfkit';
import type { ReportMapData } from '../map/report-map.js';
import { drawMap } from './map-drawing.js';
import { PDF_LABELS, type PdfLabels } from './pdf-labels.js';
import { drawParcelSections } from './report-sections.js';
import { contentWidth, ensureSpace, sectionHeading } from './pdf-layout.js';
import { COLORS, FONTS, PAGE } from './pdf-theme.js';
import { MAP_ASPECT } from '../map/report-map.js';
import { formatDateTime, formatNumber } from '../report-vocabulary.js';
import { drawLegend } from './map-legend.js';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The due-diligence report as a printable A4 PDF: header, summary, a vector map from our own
 * data, the facts in tables, coverage gaps, sources and dates, page numbers on every page.
 */
@Injectable()
export class ReportPdfRenderer {
  render(report: ParcelReportView, map: ReportMapData | null): Promise<Buffer> {
    const labels = PDF_LABELS[report.language];
    const doc = newReportDocument(`${labels.kicker}: ${report.parcel.id}`, report.parcel.id, report.provenance.generated_at, report.language);
    const done = collect(doc);

    drawHeader(doc, report, labels);
    drawDataNotice(doc, report, labels);
    drawSummary(doc, report, labels);
    if (map) drawMapSection(doc, map, report.language, labels);
    drawParcelSections(doc, report, labels);
    drawFooters(doc, report.parcel.id, report.provenance.data_version, labels);
    doc.end();
    return done;
  }
}

/** An A4 report document with our fonts, its pages kept for the footers. */
export function newReportDocument(title: string, subject: string, generatedAt: string, language: ReportLanguage): Doc {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    info: { Title: title, Author: 'Land-parcel geodata service', Subject: subject, CreationDate: new Date(generatedAt) },
    lang: language,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('condensed', FONTS.condensed);
  doc.registerFont('condensedBold', FONTS.condensedBold);
  return doc;
}

export function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawHeader(doc: Doc, report: ParcelReportView, labels: PdfLabels): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const p = report.parcel.properties;
  doc.rect(0, 0, doc.page.width, 6).fill(COLORS.accent);
  doc.font('bold').fontSize(8).fillColor(COLORS.accent).text(labels.kicker, left, doc.page.margins.top, { characterSpacing: 1.2 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(18).fillColor(COLORS.navy).text(report.parcel.id, { width });
  const place = [`${labels.gmina} ${p.gmina} (TERYT ${p.teryt})`, `${labels.precinct.split(' ')[0]} ${p.precinct_name ?? p.precinct_id}`, `${labels.number} ${p.number}`];
  doc.font('regular').fontSize(9.5).fillColor(COLORS.muted).text(place.join('  ·  '), { width });
  doc.moveDown(0.2);
  const generated = `${labels.generated} ${formatDateTime(report.provenance.generated_at, report.language)}`;
  const version = `${labels.dataVersion} ${report.provenance.data_version.slice(0, 19)}`;
  doc.fontSize(7.5).text(`${generated}   ·   ${version}`, { width });
  doc.moveDown(0.5);
  rule(doc);
}

export function rule(doc: Doc): void {
  const left = doc.page.margins.left;
  doc.moveTo(left, doc.y).lineTo(left + contentWidth(doc), doc.y).lineWidth(0.8).strokeColor(COLORS.rule).stroke();
  doc.moveDown(0.6);
}

/** On page 1, before anything else: the report rests on generated demo data. */
export function drawDataNotice(doc: Doc, report: { data_notice: ReportDataNoticeView | null }, labels: PdfLabels): void {
  const notice = report.data_notice;
  if (!notice) return;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const pad = 8;
  doc.font('regular').fontSize(9);
  const textHeight = doc.heightOfString(notice.text, { width: width - 2 * pad, lineGap: 1.5 });
  const top = doc.y;
  const height = textHeight + 2 * pad + 13;
  doc.rect(left, top, width, height).lineWidth(1.2).fillAndStroke(COLORS.noticeFill, COLORS.blocking);
  doc.font('bold').fontSize(8.5).fillColor(COLORS.blocking).text(labels.dataNotice, left + pad, top + pad, { width: width - 2 * pad, characterSpacing: 1 });
  doc.font('regular').fontSize(9).fillColor(COLORS.ink).text(notice.text, left + pad, top + pad + 13, { width: width - 2 * pad, lineGap: 1.5 });
  doc.x = left;
  doc.y = top + height + 10;
}

export function drawSummary(doc: Doc, report: { data_notice: ReportDataNoticeView | null; summary_sentences: string[] }, labels: PdfLabels): void {
  sectionHeading(doc, labels.summary);
  const left = doc.page.margins.left;
  // The demo-data notice has its own box above.
  for (const sentence of report.summary_sentences.filter((s) => s !== report.data_notice?.text)) {
    ensureSpace(doc, 24);
    const y = doc.y;
    doc.circle(left + 3, y + 5, 1.6).fill(COLORS.accent);
    doc.font('regular').fontSize(9.5).fillColor(COLORS.ink).text(sentence, left + 12, y, { width: contentWidth(doc) - 12, lineGap: 1.5 });
    doc.moveDown(0.3);
  }
  doc.x = left;
}

export function drawMapSection(doc: Doc, map: ReportMapData, language: ReportLanguage, labels: PdfLabels): void {
  const width = contentWidth(doc);
  const height = width / MAP_ASPECT;
  ensureSpace(doc, height + 90);
  sectionHeading(doc, labels.map);
  const frame = { x: doc.page.margins.left, y: doc.y, width, height };
  const scale = drawMap(doc, map, frame);
  doc.y = frame.y + height + 6;
  drawLegend(doc, map, labels, frame.x, width);
  doc.font('regular').fontSize(7).fillColor(COLORS.muted).text(labels.mapNote(formatNumber(roundScale(scale), language)), frame.x, doc.y, { width });
  doc.moveDown(0.4);
}

/** 1:2,347 reads as 1:2,300: the printed scale depends on the printer anyway. */
function roundScale(denominator: number): number {
  const step = denominator > 10_000 ? 1000 : 100;
  return Math.round(denominator / step) * step;
}

export function drawFooters(doc: Doc, subject: string, dataVersion: string, labels: PdfLabels): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 36;
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.font('regular').fontSize(7).fillColor(COLORS.muted);
    doc.text(`${subject}  ·  ${labels.dataVersion} ${dataVersion.slice(0, 19)}`, left, y, { width: width * 0.7, lineBreak: false });
    doc.text(labels.page(index - range.start + 1, range.count), left + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
