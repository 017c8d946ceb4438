/**
 * GML 3.2 geometry as the registers' WFS answers and files write it: `srsName`
 * `urn:ogc:def:crs:EPSG::2180`, whose axis order is northing then easting, so every position is
 * written `y x` (the order GDAL honours when it reads them back).
 */
import type { Geometry, Position } from './read-layer.js';

export const SRS_2180 = 'urn:ogc:def:crs:EPSG::2180';

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `<prefix:name>value</prefix:name>`, an empty element for a missing value (as MapServer writes it). */
export function element(name: string, value: unknown): string {
  return value === null || value === undefined || value === '' ? `<${name}></${name}>` : `<${name}>${escapeXml(String(value))}</${name}>`;
}

function posList(ring: readonly Position[]): string {
  return ring.map(([x, y]) => `${y.toFixed(3)} ${x.toFixed(3)}`).join(' ');
}

function polygon(rings: readonly Position[][], id: string): string {
  const [outer, ...inner] = rings;
  const interior = inner.map(
    (ring) => `<gml:interior><gml:LinearRing><gml:posList srsDimension="2">${posList(ring)}</gml:posList></gml:LinearRing></gml:interior>`,
  );
  return (
    `<gml:Polygon gml:id="${id}" srsName="${SRS_2180}"><gml:exterior><gml:LinearRing><gml:posList srsDimension="2">${posList(outer ?? [])}</gml:posList></gml:LinearRing></gml:exterior>` +
    `${interior.join('')}</gml:Polygon>`
  );
}

function lineString(line: readonly Position[], id: string): string {
  return `<gml:LineString gml:id="${id}" srsName="${SRS_2180}"><gml:posList srsDimension="2">${posList(line)}</gml:posList></gml:LineString>`;
}

/** One geometry; `id` is the stem of the gml:id of it and its parts. */
export function geometryGml(geometry: Geometry, id: string): string {
  switch (geometry.type) {
    case 'Point':
      return `<gml:Point gml:id="${id}" srsName="${SRS_2180}"><gml:pos>${posList([geometry.coordinates])}</gml:pos></gml:Point>`;
    case 'LineString':
      return lineString(geometry.coordinates, id);
    case 'MultiLineString':
      return `<gml:MultiCurve gml:id="${id}" srsName="${SRS_2180}">${geometry.coordinates.map((line, n) => `<gml:curveMember>${lineString(line, `${id}.${n + 1}`)}</gml:curveMember>`).join('')}</gml:MultiCurve>`;
    case 'Polygon':
      return polygon(geometry.coordinates, id);
    case 'MultiPolygon':
      return `<gml:MultiSurface gml:id="${id}" srsName="${SRS_2180}">${geometry.coordinates.map((rings, n) => `<gml:surfaceMember>${polygon(rings, `${id}.${n + 1}`)}</gml:surfaceMember>`).join('')}</gml:MultiSurface>`;
  }
}

/** The envelope of a geometry, northing first, as MapServer puts in each feature's boundedBy. */
export function boundedBy(geometry: Geometry): string {
  // A loop, not Math.min(...all): a large polygon has more positions than a call takes arguments.
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of flatten(geometry)) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const corner = (x: number, y: number): string => `${y.toFixed(6)} ${x.toFixed(6)}`;
  return (
    `<gml:boundedBy><gml:Envelope srsName="${SRS_2180}"><gml:lowerCorner>${corner(minX, minY)}</gml:lowerCorner>` +
    `<gml:upperCorner>${corner(maxX, maxY)}</gml:upperCorner></gml:Envelope></gml:boundedBy>`
  );
}

function flatten(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}
