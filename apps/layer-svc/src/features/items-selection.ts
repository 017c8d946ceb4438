import { AppError, ogcCrsOf, type LayerItemsRequest, type OgcCrs } from '@lp/contracts';
import { SERVED_AREA_WGS84, clipBbox, formatBbox, parseBbox, type Bbox } from '@lp/geo';
import { bboxKey } from './features-cursor.js';
import type { FeatureArea } from './features.repository.js';
import type { FilterSyntax } from './filter/cql2-sql.js';

/** What one listing selects, whatever the route and the CRS it was asked in. */
export interface ItemsSelection {
  /** The key a cursor is bound to: the box as written, its CRS and the filter. */
  key: string;
  /** The box in PostGIS x/y order, clipped to the served area; null for the whole layer. */
  area: FeatureArea | null;
  /** The box misses everything we serve: an empty page without a query. */
  outside: boolean;
  filter?: { text: string; syntax: FilterSyntax };
  /** The CRS of the geometries written. */
  crs: OgcCrs;
  /** True when the selection is the whole layer, so numberMatched is the served count. */
  whole: boolean;
}

const BBOX_2180_FORMAT = 'minNorthing,minEasting,maxNorthing,maxEasting in metres (EPSG:2180 axis order, northing first)';
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A WGS84 box of the REST route (/v1/layers/{id}/features). */
export function bboxSelection(box: Bbox): ItemsSelection {
  const clipped = clipBbox(box, SERVED_AREA_WGS84);
  return { key: bboxKey(box), area: clipped && wgs84Area(clipped), outside: clipped === null, crs: 'CRS84', whole: false };
}

/** An OGC API items request: bbox in bbox-crs, filter in filter-lang and filter-crs, output in crs. */
export function itemsSelection(request: LayerItemsRequest): ItemsSelection {
  const crs = crsOf(request.crs);
  const boxCrs = crsOf(request.bbox_crs);
  const filter =
    request.filter === undefined
      ? undefined
      : { text: request.filter, syntax: { lang: request.filter_lang === 'cql2-json' ? 'cql2-json' : 'cql2-text', crs: crsOf(request.filter_crs) } satisfies FilterSyntax };
  const filterKey = filter === undefined ? undefined : `${filter.syntax.lang}|${filter.syntax.crs}|${filter.text}`;
  const whole = request.bbox === undefined && filter === undefined;
  if (request.bbox === undefined) return { key: bboxKey(null, filterKey), area: null, outside: false, ...(filter ? { filter } : {}), crs, whole };
  if (boxCrs === 'EPSG:2180') {
    const area = parseBbox2180(request.bbox);
    return { key: bboxKey(null, `2180:${[area.ymin, area.xmin, area.ymax, area.xmax].join(',')}|${filterKey ?? ''}`), area, outside: false, ...(filter ? { filter } : {}), crs, whole };
  }
  const box = parseBbox(request.bbox, { outsidePoland: 'allow' });
  // Nothing we serve lies outside the served area; the clipped box also keeps EPSG:2180 sane.
  const clipped = clipBbox(box, SERVED_AREA_WGS84);
  return { key: bboxKey(box, filterKey), area: clipped && wgs84Area(clipped), outside: clipped === null, ...(filter ? { filter } : {}), crs, whole };
}

function crsOf(value: string | undefined): OgcCrs {
  // The request DTO has already refused a CRS we do not offer; this names the one it is.
  return value === undefined ? 'CRS84' : (ogcCrsOf(value) ?? 'CRS84');
}

function wgs84Area(box: Bbox): FeatureArea {
  return { srid: 4326, xmin: box.minLng, ymin: box.minLat, xmax: box.maxLng, ymax: box.maxLat };
}

/**
 * A bbox with bbox-crs EPSG:2180, in that CRS's axis order (Part 2): northing, easting of the
 * lower corner, then of the upper one. Returned as PostGIS orders it (easting is x).
 */
export function parseBbox2180(text: string): FeatureArea {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4) throw AppError.invalid(`bbox with bbox-crs EPSG:2180 must be 4 numbers ${BBOX_2180_FORMAT}; got ${parts.length} value(s).`);
  const bad = parts.find((part) => !DECIMAL.test(part));
  if (bad !== undefined) throw AppError.invalid(`bbox value '${bad.slice(0, 40)}' is not a number; with bbox-crs EPSG:2180 bbox is ${BBOX_2180_FORMAT}.`);
  const [minN, minE, maxN, maxE] = parts.map(Number) as [number, number, number, number];
  if (minN >= maxN || minE >= maxE) throw AppError.invalid(`bbox minimums must be below maximums; with bbox-crs EPSG:2180 bbox is ${BBOX_2180_FORMAT}.`);
  if ([minN, minE, maxN, maxE].every((value) => Math.abs(value) <= 180)) {
    throw AppError.invalid(
      `bbox ${parts.join(',')} looks like degrees, but bbox-crs is EPSG:2180 (metres); leave bbox-crs out for a CRS84 box (${formatBbox({ minLng: 16.85, minLat: 52.37, maxLng: 16.97, maxLat: 52.44 })}), or give ${BBOX_2180_FORMAT}.`,
    );
  }
  return { srid: 2180, xmin: minE, ymin: minN, xmax: maxE, ymax: maxN };
}
