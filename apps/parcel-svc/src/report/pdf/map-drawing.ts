import type { ConstraintSeverity } from '@lp/contracts';
import type PDFDocument from 'pdfkit';
import type { MapExtent, PlanarGeometry, ReportMapData } from '../map/report-map.js';
import { COLORS } from './pdf-theme.js';

type Doc = InstanceType<typeof PDFDocument>;
type Position = [number, number];

export interface MapFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SEVERITY_COLOR: Record<ConstraintSeverity, string> = {
  blocking: COLORS.blocking,
  restrictive: COLORS.restrictive,
  informational: COLORS.informational,
};
/** Drawn weakest first, so a blocking area is never hidden under an informational one. */
const SEVERITY_ORDER: ConstraintSeverity[] = ['informational', 'restrictive', 'blocking'];

/** Metres of the map to points on the page: east to the right, north up. */
class Projection {
  readonly scale: number;

  constructor(
    private readonly extent: MapExtent,
    private readonly frame: MapFrame,
  ) {
    this.scale = Math.min(frame.width / (extent.maxX - extent.minX), frame.height / (extent.maxY - extent.minY));
  }

  point([x, y]: Position): Position {
    return [this.frame.x + (x - this.extent.minX) * this.scale, this.frame.y + (this.extent.maxY - y) * this.scale];
  }
}

/**
 * The report map as vector graphics: constraint areas tinted by severity, neighbouring parcels
 * with their numbers, the parcel itself on top, a scale bar and a north arrow. Everything is
 * clipped to the frame. Returns the map scale denominator (1:n) for the caption.
 */
export function drawMap(doc: Doc, map: ReportMapData, frame: MapFrame): number {
  const projection = new Projection(map.extent, frame);
  doc.save();
  doc.rect(frame.x, frame.y, frame.width, frame.height).fill(COLORS.mapBackground);
  doc.rect(frame.x, frame.y, frame.width, frame.height).clip();

  for (const severity of SEVERITY_ORDER) {
    for (const area of map.constraints.filter((a) => a.severity === severity && !a.coversMap)) {
      const color = SEVERITY_COLOR[severity];
      drawGeometry(doc, projection, area.geometry, () => {
        doc.fillOpacity(0.14).strokeOpacity(0.85).lineWidth(0.9);
        if (severity === 'informational') doc.dash(3, { space: 2 });
        doc.fillAndStroke(color, color, 'even-odd');
        doc.undash().fillOpacity(1).strokeOpacity(1);
      });
    }
  }

  for (const neighbour of map.neighbours) {
    drawGeometry(doc, projection, neighbour.geometry, () => doc.lineWidth(0.45).strokeColor(COLORS.neighbour).stroke());
  }
  doc.font('condensed').fontSize(5.5).fillColor(COLORS.muted);
  for (const neighbour of map.neighbours) labelInside(doc, projection, neighbour.geometry, neighbour.labelAt, neighbour.number);

  // a site's members are drawn as the parcel is: the site is what the report is about
  const subjects = [map.subject, ...(map.members ?? [])];
  for (const subject of subjects) {
    drawGeometry(doc, projection, subject.geometry, () => {
      doc.fillOpacity(0.3).lineWidth(subjects.length > 1 ? 1.2 : 1.8).lineJoin('round');
      doc.fillAndStroke(COLORS.parcelFill, COLORS.parcelStroke, 'even-odd');
      doc.fillOpacity(1);
    });
  }
  doc.font('bold').fontSize(subjects.length > 1 ? 6.5 : 8).fillColor(COLORS.parcelStroke);
  for (const subject of subjects) labelInside(doc, projection, subject.geometry, subject.labelAt, subject.number, true);
  doc.restore();

  doc.rect(frame.x, frame.y, frame.width, frame.height).lineWidth(0.6).strokeColor('#9aa4ae').stroke();
  drawScaleBar(doc, projection.scale, frame);
  drawNorthArrow(doc, frame);
  // 1 pt is 1/72 inch = 0.3528 mm on paper; the scale says how many metres one point holds.
  return Math.round(1 / projection.scale / 0.0003528);
}

/** Traces the geometry as a path (polygons with holes, lines, points) and lets `paint` finish it. */
function drawGeometry(doc: Doc, projection: Projection, geometry: PlanarGeometry, paint: () => void): void {
  const rings = (coordinates: Position[][]): void => {
    for (const ring of coordinates) {
      ring.forEach((position, index) => {
        const [x, y] = projection.point(position);
        if (index === 0) doc.moveTo(x, y);
        else doc.lineTo(x, y);
      });
      doc.closePath();
    }
  };
  const line = (coordinates: Position[]): void => {
    coordinates.forEach((position, index) => {
      const [x, y] = projection.point(position);
      if (index === 0) doc.moveTo(x, y);
      else doc.lineTo(x, y);
    });
  };
  const point = (position: Position): void => {
    const [x, y] = projection.point(position);
    doc.circle(x, y, 2.6);
  };
  switch (geometry.type) {
    case 'Polygon':
      rings(geometry.coordinates as Position[][]);
      return paint();
    case 'MultiPolygon':
      for (const polygon of geometry.coordinates as Position[][][]) rings(polygon);
      return paint();
    case 'LineString':
      line(geometry.coordinates as Position[]);
      return paint();
    case 'MultiLineString':
      for (const part of geometry.coordinates as Position[][]) line(part);
      return paint();
    case 'Point':
      point(geometry.coordinates as Position);
      return paint();
    case 'MultiPoint':
      for (const position of geometry.coordinates as Position[]) point(position);
      return paint();
    case 'GeometryCollection':
      for (const part of geometry.geometries ?? []) drawGeometry(doc, projection, part, paint);
  }
}

/** Writes the label at its point when it fits inside the geometry's box on paper (or always, if forced). */
function labelInside(doc: Doc, projection: Projection, geometry: PlanarGeometry, at: Position, text: string, force = false): void {
  const box = pageBox(projection, geometry);
  const width = doc.widthOfString(text);
  const height = doc.currentLineHeight();
  if (!force && (box.width < width + 4 || box.height < height + 2)) return;
  const [x, y] = projection.point(at);
  doc.text(text, x - width / 2, y - height / 2, { lineBreak: false });
}

function pageBox(projection: Projection, geometry: PlanarGeometry): { width: number; height: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [x, y] = projection.point(value as Position);
      xs.push(x);
      ys.push(y);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(geometry.coordinates);
  if (xs.length === 0) return { width: 0, height: 0 };
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/** A round length (1, 2 or 5 times a power of ten) close to a fifth of the frame. */
function niceLength(metres: number): number {
  const power = 10 ** Math.floor(Math.log10(metres));
  const step = [5, 2, 1].find((s) => s * power <= metres) ?? 1;
  return step * power;
}

function drawScaleBar(doc: Doc, scale: number, frame: MapFrame): void {
  const metres = niceLength((frame.width * 0.2) / scale);
  const length = metres * scale;
  const x = frame.x + 10;
  const y = frame.y + frame.height - 16;
  const label = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
  doc.font('regular').fontSize(6.5);
  doc.rect(x - 4, y - 11, length + doc.widthOfString(label) + 16, 19).fillOpacity(0.85).fill('#ffffff').fillOpacity(1);
  doc.rect(x, y, length / 2, 3).fill(COLORS.ink);
  doc.rect(x + length / 2, y, length / 2, 3).lineWidth(0.5).fillAndStroke('#ffffff', COLORS.ink);
  doc.fillColor(COLORS.ink).text('0', x - 2, y - 9, { lineBreak: false });
  doc.text(label, x + length + 4, y - 2, { lineBreak: false });
}

function drawNorthArrow(doc: Doc, frame: MapFrame): void {
  const cx = frame.x + frame.width - 18;
  const top = frame.y + 10;
  doc.circle(cx, top + 11, 11).fillOpacity(0.85).fill('#ffffff').fillOpacity(1);
  doc.polygon([cx, top + 2], [cx + 5, top + 17], [cx, top + 13], [cx - 5, top + 17]).fill(COLORS.navy);
  doc.font('bold').fontSize(6).fillColor(COLORS.navy).text('N', cx - 2, top + 17.5, { lineBreak: false });
}

export { SEVERITY_COLOR };
