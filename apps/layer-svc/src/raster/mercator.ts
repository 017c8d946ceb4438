import type { TileAddress } from '@lp/geo';

/** Half the width of the web-mercator world, metres (EPSG:3857). */
const HALF_WORLD = 20037508.342789244;

/** EPSG:3857 bounds of an XYZ tile: [minX, minY, maxX, maxY]. */
export function tileBounds3857({ z, x, y }: TileAddress): [number, number, number, number] {
  const size = (2 * HALF_WORLD) / 2 ** z;
  const minX = -HALF_WORLD + x * size;
  const maxY = HALF_WORLD - y * size;
  return [minX, maxY - size, minX + size, maxY];
}
