import type PDFDocument from 'pdfkit';
import { COLORS } from './pdf-theme.js';

type Doc = InstanceType<typeof PDFDocument>;

export interface TableColumn {
  header: string;
  /** Share of the table width */
  width: number;
  align?: 'left' | 'right';
}

export interface TableCell {
  text: string;
  color?: string;
  bold?: boolean;
}

const PAD_X = 5;
const PAD_Y = 4;
const FONT_SIZE = 8.5;
/** Tables shorter than this (points) are never split across pages. */
export const KEEP_TOGETHER_MAX = 260;

/** The space left on the current page above the bottom margin. */
export function spaceLeft(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom - doc.y;
}

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (spaceLeft(doc) < height) doc.addPage();
}

/**
 * A table that wraps cell text, grows rows to fit, and repeats its header on a new page. Cells
 * are plain strings or styled cells (colour, bold) for severity and status columns.
 */
export function drawTable(doc: Doc, columns: TableColumn[], rows: Array<Array<string | TableCell>>, options: { header?: boolean } = {}): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const widths = columns.map((c) => c.width * width);
  const showHeader = options.header ?? true;

  const cellHeight = (cell: TableCell, index: number): number => {
    doc.font(cell.bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    return doc.heightOfString(cell.text || ' ', { width: (widths[index] ?? 0) - 2 * PAD_X, lineGap: 1 }) + 2 * PAD_Y;
  };
  const drawRow = (cells: TableCell[], fill: string | null): void => {
    const height = Math.max(...cells.map(cellHeight));
    const top = doc.y;
    if (fill) doc.rect(left, top, width, height).fill(fill);
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index];
      doc.font(cell.bold ? 'bold' : 'regular').fontSize(FONT_SIZE).fillColor(cell.color ?? COLORS.ink);
      doc.text(cell.text, x + PAD_X, top + PAD_Y, { width: (widths[index] ?? 0) - 2 * PAD_X, align: column?.align ?? 'left', lineGap: 1 });
      x += widths[index] ?? 0;
    });
    doc.moveTo(left, top + height).lineTo(left + width, top + height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.x = left;
    doc.y = top + height;
  };
  const header = (): void => {
    if (!showHeader) return;
    drawRow(columns.map((c) => ({ text: c.header, bold: true, color: COLORS.navy })), COLORS.headerFill);
  };

  const cellsOf = (row: Array<string | TableCell>): TableCell[] => row.map((cell) => (typeof cell === 'string' ? { text: cell } : cell));
  // A short table moves to the next page whole rather than leaving one row behind.
  const rowHeights = rows.map((row) => Math.max(...cellsOf(row).map(cellHeight)));
  const total = rowHeights.reduce((sum, h) => sum + h, showHeader ? 20 : 0);
  ensureSpace(doc, total < KEEP_TOGETHER_MAX ? total : 40);
  header();
  rows.forEach((row, index) => {
    const cells = cellsOf(row);
    if (spaceLeft(doc) < Math.max(...cells.map(cellHeight))) {
      doc.addPage();
      header();
    }
    drawRow(cells, index % 2 === 1 ? COLORS.stripe : null);
  });
  doc.moveDown(0.6);
}

/** About how tall a facts table of `rows` one-line rows is, for keeping it with its heading. */
export const factsHeight = (rows: number): number => rows * 19;

/** Label and value pairs as a two-column table without a header. */
export function drawFacts(doc: Doc, pairs: Array<[string, string | TableCell]>): void {
  drawTable(
    doc,
    [
      { header: '', width: 0.36 },
      { header: '', width: 0.64 },
    ],
    pairs.map(([label, value]) => [{ text: label, color: COLORS.muted }, value]),
    { header: false },
  );
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/**
 * A section title, kept on the same page as what follows: `followingHeight` points of it, or
 * the start of it when that is not given.
 */
export function sectionHeading(doc: Doc, title: string, followingHeight = 50): void {
  ensureSpace(doc, 30 + Math.min(followingHeight, KEEP_TOGETHER_MAX));
  doc.moveDown(0.4);
  doc.font('bold').fontSize(11.5).fillColor(COLORS.navy).text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.35);
}

/** A sub-heading inside a section, kept with what follows like a section title. */
export function subHeading(doc: Doc, title: string, followingHeight = 40): void {
  ensureSpace(doc, 20 + Math.min(followingHeight, KEEP_TOGETHER_MAX));
  doc.font('bold').fontSize(9).fillColor(COLORS.ink).text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.25);
}

/** A plain paragraph in the body font. */
export function paragraph(doc: Doc, text: string, color: string = COLORS.ink, size = 8.5): void {
  ensureSpace(doc, 20);
  doc.font('regular').fontSize(size).fillColor(color).text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc), lineGap: 1 });
  doc.moveDown(0.5);
}
