import { AppError } from '@lp/contracts';
import type { Bbox } from './bbox.js';

/** Deepest zoom a tile may be asked for; beyond the data's maxzoom clients overzoom. */
export const TILE_MAX_ZOOM = 22;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Checks a web-mercator (XYZ, EPSG:3857) tile address: z in 0..22, x and y in 0..2^z-1. */
export function checkTile(z: number, x: number, y: number): TileAddress {
  if (!Number.isInteger(z) || z < 0 || z > TILE_MAX_ZOOM) throw AppError.invalid(`z must be an integer from 0 to ${TILE_MAX_ZOOM}; got ${z}.`);
  const size = 2 ** z;
  for (const [name, value] of [['x', x], ['y', y]] as const) {
    if (!Number.isInteger(value) || value < 0 || value >= size) {
      throw AppError.invalid(`${name} must be an integer from 0 to ${size - 1} at zoom ${z} (XYZ tiles, y counted from the north); got ${value}.`);
    }
  }
  return { z, x, y };
}

/** The WGS84 box of an XYZ tile. */
export function tileBbox({ z, x, y }: TileAddress): Bbox {
  const size = 2 ** z;
  const lng = (column: number): number => (column / size) * 360 - 180;
  const lat = (row: number): number => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / size))) * 180) / Math.PI;
  return { minLng: lng(x), minLat: lat(y + 1), maxLng: lng(x + 1), maxLat: lat(y) };
}

/** True when two boxes share at least a point. */
export function bboxesOverlap(a: Bbox, b: Bbox): boolean {
  return a.minLng <= b.maxLng && b.minLng <= a.maxLng && a.minLat <= b.maxLat && b.minLat <= a.maxLat;
}

/** The XYZ tile containing a point at a zoom. */
export function tileAt(lng: number, lat: number, z: number): TileAddress {
  const size = 2 ** z;
  const clampedLat = Math.max(-85.0511287, Math.min(85.0511287, lat));
  const rad = (clampedLat * Math.PI) / 180;
  const x = Math.min(size - 1, Math.max(0, Math.floor(((lng + 180) / 360) * size)));
  const y = Math.min(size - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * size)));
  return { z, x, y };
}
