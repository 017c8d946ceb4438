import type PDFDocument from 'pdfkit';
import type { ReportMapData } from '../map/report-map.js';
import { SEVERITY_COLOR } from './map-drawing.js';
import type { PdfLabels } from './pdf-labels.js';
import { COLORS } from './pdf-theme.js';

type Doc = InstanceType<typeof PDFDocument>;

/** One line of swatches under the map; severities appear only when the map shows such an area. */
export function drawLegend(doc: Doc, map: ReportMapData, labels: PdfLabels, left: number, width: number): void {
  const y = doc.y;
  let x = left;
  const swatch = (label: string, paint: (sx: number, sy: number) => void): void => {
    paint(x, y + 1);
    doc.font('regular').fontSize(7.5).fillColor(COLORS.ink).text(label, x + 16, y, { lineBreak: false });
    x += 16 + doc.widthOfString(label) + 14;
  };
  swatch(labels.legendParcel, (sx, sy) => {
    doc.rect(sx, sy, 11, 7).fillOpacity(0.3).lineWidth(1.4).fillAndStroke(COLORS.parcelFill, COLORS.parcelStroke).fillOpacity(1);
  });
  swatch(labels.legendNeighbours, (sx, sy) => {
    doc.rect(sx, sy, 11, 7).lineWidth(0.5).strokeColor(COLORS.neighbour).stroke();
  });
  for (const severity of ['blocking', 'restrictive', 'informational'] as const) {
    if (!map.constraints.some((area) => area.severity === severity && !area.coversMap)) continue;
    const color = SEVERITY_COLOR[severity];
    swatch(labels.legendSeverity[severity], (sx, sy) => {
      doc.rect(sx, sy, 11, 7).fillOpacity(0.16).lineWidth(0.9).fillAndStroke(color, color).fillOpacity(1);
    });
  }
  doc.x = left;
  doc.y = y + 13;
  const covering = [...new Map(map.constraints.filter((area) => area.coversMap).map((area) => [area.name, area])).values()];
  if (covering.length) {
    const names = covering.map((area) => `${area.name} (${labels.legendSeverity[area.severity].toLowerCase()})`).join('; ');
    doc.font('regular').fontSize(7.5).fillColor(COLORS.ink).text(`${labels.wholeMapInside}: ${names}.`, left, doc.y, { width });
    doc.moveDown(0.2);
  }
}
