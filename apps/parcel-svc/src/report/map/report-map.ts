import type { ConstraintSeverity } from '@lp/contracts';

/** GeoJSON geometry in EPSG:2180 metres (x east, y north): what the PDF map draws. */
export interface PlanarGeometry {
  type: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon' | 'GeometryCollection';
  coordinates?: unknown;
  geometries?: PlanarGeometry[];
}

export interface MapExtent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface MapParcel {
  parcelId: string;
  number: string;
  geometry: PlanarGeometry;
  /** A point inside the visible part, for the label */
  labelAt: [number, number];
}

export interface MapConstraintArea {
  layer: string;
  id: string;
  kind: string;
  name: string;
  /** Severity of the kind were it to overlap the parcel: the colour on the map */
  severity: ConstraintSeverity;
  geometry: PlanarGeometry;
  /** The area covers the whole map: it is named under the map instead of tinting all of it */
  coversMap: boolean;
}

/** What the report map shows: the parcel, its neighbours and constraint areas in the extent. */
export interface ReportMapData {
  extent: MapExtent;
  subject: MapParcel;
  /** A site's other members, drawn like the subject. */
  members?: MapParcel[];
  neighbours: MapParcel[];
  constraints: MapConstraintArea[];
}

/** Width / height of the map frame in the PDF; the extent is cut to the same shape. */
export const MAP_ASPECT = 1.6;

/**
 * The map extent around a parcel's bounding box: the parcel fills about half of the frame, with
 * at least `minHalfHeightM` of context so that a small plot still shows its street block.
 */
export function extentAround(box: MapExtent, minHalfHeightM = 90): MapExtent {
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  const halfHeight = Math.max(minHalfHeightM, (box.maxY - box.minY) * 0.9, ((box.maxX - box.minX) * 0.9) / MAP_ASPECT);
  const halfWidth = halfHeight * MAP_ASPECT;
  return { minX: cx - halfWidth, minY: cy - halfHeight, maxX: cx + halfWidth, maxY: cy + halfHeight };
}
