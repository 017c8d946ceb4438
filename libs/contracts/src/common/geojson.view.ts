import { ApiProperty } from '@nestjs/swagger';

export const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

/** RFC 7946 geometry in WGS84, coordinates [lng, lat]. */
export class GeometryView {
  @ApiProperty({ enum: GEOMETRY_TYPES })
  type!: GeometryType;

  @ApiProperty({ type: 'array', items: {}, description: 'RFC 7946 coordinates, [lng, lat], WGS84.' })
  coordinates!: unknown[];
}
