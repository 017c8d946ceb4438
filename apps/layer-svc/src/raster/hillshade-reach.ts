/**
 * Web-mercator metres (about 1.2 km on the ground in Poland) of elevation points read beyond a tile's
 * edges, at least. A triangle of the surface at the edge is made of points a few point spacings
 * away (parcel centroids 50–500 m apart, contour vertices farther in flat land): with only a
 * quarter tile of reach, two neighbouring tiles of zoom 16 triangulated their shared edge from
 * different points and the relief showed a seam (measured on scattered points 230 m apart: 4 grey
 * levels mean difference across the edge, against 0.04 between neighbouring pixels inside a tile;
 * 0.05 with 0.7 km of reach or more).
 */
export const MIN_POINT_REACH_3857 = 2_000;
/**
 * The box (EPSG:3857) whose elevation points draw a hillshade tile: the tile and, beyond each edge, a
 * quarter tile and never less than MIN_POINT_REACH_3857, so the surface near an edge is interpolated
 * from the same points on both sides of it.
 */
export function hillshadePointBox(bounds: [number, number, number, number]): [number, number, number, number] {
  const reach = Math.max((bounds[2] - bounds[0]) / 4, MIN_POINT_REACH_3857);
  return [bounds[0] - reach, bounds[1] - reach, bounds[2] + reach, bounds[3] + reach];
}
