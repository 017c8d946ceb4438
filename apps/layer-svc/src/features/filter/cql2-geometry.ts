import type { OgcCrs } from '@lp/contracts';

/** A spatial literal of a filter as a GeoJSON geometry (what PostGIS reads with ST_GeomFromGeoJSON). */
export interface Cql2Geometry {
  type: string;
  coordinates?: unknown;
  geometries?: Cql2Geometry[];
}

/** Geometry types a spatial literal may be (WKT in CQL2 text, GeoJSON in CQL2 JSON), and BBOX. */
export const GEOMETRY_TYPES = ['Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon', 'GeometryCollection'] as const;
const DEPTH: Record<string, number> = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 };
/** A filter is at most 4000 characters as text; CQL2 JSON is bounded the same way, this is a second guard. */
const MAX_POSITIONS = 2000;

/** The property a spatial predicate names: every collection has one geometry. */
export const GEOMETRY_PROPERTY = 'geometry';

/**
 * Checks a spatial literal and returns what is wrong with it, or null: nesting of coordinates as
 * its type asks, 2 or 3 finite numbers per position, closed rings of 4 positions or more, lines of
 * 2 or more, and for CRS84 longitudes and latitudes in range. PostGIS would otherwise fail with an
 * internal error on a broken literal.
 */
export function geometryProblem(geometry: Cql2Geometry, crs: OgcCrs): string | null {
  let positions = 0;
  const position = (value: unknown): string | null => {
    if (!Array.isArray(value) || value.length < 2 || value.length > 3 || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      return 'a position is 2 (or 3) numbers';
    }
    positions++;
    if (crs === 'CRS84' && (Math.abs(value[0] as number) > 180 || Math.abs(value[1] as number) > 90)) {
      return `position ${value.join(' ')} is outside CRS84 (longitude -180..180 first, then latitude -90..90)`;
    }
    return null;
  };
  const check = (value: unknown, depth: number, type: string): string | null => {
    if (depth === 0) return position(value);
    if (!Array.isArray(value) || value.length === 0) return `the coordinates of a ${type} are nested ${DEPTH[type]} level(s) deep and not empty`;
    for (const item of value) {
      const problem = check(item, depth - 1, type);
      if (problem) return problem;
    }
    if (depth === 1 && (type === 'LineString' || type === 'MultiLineString') && value.length < 2) return 'a line needs 2 positions or more';
    if (depth === 1 && (type === 'Polygon' || type === 'MultiPolygon')) {
      const first = value[0] as number[];
      const last = value[value.length - 1] as number[];
      if (value.length < 4 || first[0] !== last[0] || first[1] !== last[1]) return 'a polygon ring is closed (last position = first) and has 4 positions or more';
    }
    return null;
  };
  const walk = (node: Cql2Geometry): string | null => {
    if (node.type === 'GeometryCollection') {
      if (!Array.isArray(node.geometries) || node.geometries.length === 0) return 'a GeometryCollection has a non-empty geometries array';
      for (const member of node.geometries) {
        const problem = typeof member === 'object' && member !== null ? walk(member) : 'a member of a GeometryCollection is a geometry';
        if (problem) return problem;
      }
      return null;
    }
    const depth = DEPTH[node.type];
    if (depth === undefined) return `${String(node.type)} is not a geometry type; use ${GEOMETRY_TYPES.join(', ')}`;
    return check(node.coordinates, depth, node.type);
  };
  const problem = walk(geometry);
  if (problem) return problem;
  return positions > MAX_POSITIONS ? `the geometry has ${positions} positions, at most ${MAX_POSITIONS} are taken` : null;
}

/** BBOX(x1, y1, x2, y2) of CQL2 as a polygon, in the axis order of the filter's CRS. */
export function bboxPolygon(values: number[]): Cql2Geometry | string {
  if (values.length !== 4) return `BBOX takes 4 numbers (min axis 1, min axis 2, max axis 1, max axis 2), got ${values.length}`;
  const [a1, b1, a2, b2] = values as [number, number, number, number];
  if (!(a1 < a2 && b1 < b2)) return 'BBOX min values must be below the max values';
  return {
    type: 'Polygon',
    coordinates: [
      [
        [a1, b1],
        [a2, b1],
        [a2, b2],
        [a1, b2],
        [a1, b1],
      ],
    ],
  };
}
