import { AppError } from '@lp/contracts';
import { POLAND_BBOX_WGS84 } from './crs.js';

/** A WGS84 bounding box, lng/lat degrees. */
export interface Bbox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/**
 * Where layer data can lie: Poland with 2° around it. A query box is clipped to this before it is
 * transformed to EPSG:2180, whose projection is meaningless far from Poland (a world box would
 * not transform), and nothing we serve lies outside it.
 */
export const SERVED_AREA_WGS84: Bbox = { minLng: 11.8, minLat: 46.9, maxLng: 26.3, maxLat: 57.0 };

export interface ParseBboxOptions {
  /**
   * `refuse` (default): a box that misses Poland is a mistake worth a 400 (our REST routes).
   * `allow`: a map client panning off Poland (OGC API) gets an empty page instead.
   */
  outsidePoland?: 'refuse' | 'allow';
}

export const BBOX_FORMAT = 'minLng,minLat,maxLng,maxLat (WGS84 degrees, longitude first)';

const NAMES = ['minLng', 'minLat', 'maxLng', 'maxLat'] as const;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses and range-checks a `bbox` query value: the one place where a box from a client is
 * accepted. Raises `invalid_request` with a message that says what was wrong and what is allowed:
 * four numbers, WGS84 ranges, min below max, overlapping Poland. There is no area bound: callers
 * page through what a box holds, which bounds the work of each request.
 */
export function parseBbox(text: unknown, options: ParseBboxOptions = {}): Bbox {
  if (typeof text !== 'string' || text.trim() === '') throw AppError.invalid(`bbox is required: ${BBOX_FORMAT}, e.g. 16.85,52.37,16.97,52.44.`);
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4) throw AppError.invalid(`bbox must be 4 comma-separated numbers ${BBOX_FORMAT}; got ${parts.length} value(s).`);
  const values = parts.map((part, index) => {
    if (!DECIMAL.test(part)) throw AppError.invalid(`bbox ${NAMES[index]} '${part.slice(0, 40)}' is not a number; bbox is ${BBOX_FORMAT}.`);
    return Number(part);
  });
  const [minLng, minLat, maxLng, maxLat] = values as [number, number, number, number];
  const box: Bbox = { minLng, minLat, maxLng, maxLat };

  for (const name of ['minLng', 'maxLng'] as const) {
    if (box[name] < -180 || box[name] > 180) throw AppError.invalid(`bbox ${name} ${box[name]} is outside -180..180; ${swappedHint(box)}bbox is ${BBOX_FORMAT}.`);
  }
  for (const name of ['minLat', 'maxLat'] as const) {
    if (box[name] < -90 || box[name] > 90) throw AppError.invalid(`bbox ${name} ${box[name]} is outside -90..90; ${swappedHint(box)}bbox is ${BBOX_FORMAT}.`);
  }
  if (minLng >= maxLng) throw AppError.invalid(`bbox minLng (${minLng}) must be less than maxLng (${maxLng}); bbox is ${BBOX_FORMAT}.`);
  if (minLat >= maxLat) throw AppError.invalid(`bbox minLat (${minLat}) must be less than maxLat (${maxLat}); bbox is ${BBOX_FORMAT}.`);

  const poland = POLAND_BBOX_WGS84;
  if (options.outsidePoland === 'allow') return box;
  if (maxLng < poland.minLng || minLng > poland.maxLng || maxLat < poland.minLat || minLat > poland.maxLat) {
    throw AppError.invalid(
      `bbox ${formatBbox(box)} does not overlap Poland (lng ${poland.minLng}..${poland.maxLng}, lat ${poland.minLat}..${poland.maxLat}); ${swappedHint(box)}bbox is ${BBOX_FORMAT}.`,
    );
  }
  return box;
}

/** The box as `minLng,minLat,maxLng,maxLat`, numbers in their shortest exact form. */
export function formatBbox(box: Bbox): string {
  return `${box.minLng},${box.minLat},${box.maxLng},${box.maxLat}`;
}

/** The part of `box` inside `area`, or null when they do not overlap. */
export function clipBbox(box: Bbox, area: Bbox): Bbox | null {
  const clipped = {
    minLng: Math.max(box.minLng, area.minLng),
    minLat: Math.max(box.minLat, area.minLat),
    maxLng: Math.min(box.maxLng, area.maxLng),
    maxLat: Math.min(box.maxLat, area.maxLat),
  };
  return clipped.minLng < clipped.maxLng && clipped.minLat < clipped.maxLat ? clipped : null;
}

/** A box given as lat,lng (a common slip) lands in these ranges for Poland. */
function swappedHint(box: Bbox): string {
  const looksLikeLat = (value: number): boolean => value >= 48 && value <= 56;
  const looksLikeLng = (value: number): boolean => value >= 13 && value <= 25;
  return looksLikeLat(box.minLng) && looksLikeLng(box.minLat) ? 'it looks like latitude came first; ' : '';
}
