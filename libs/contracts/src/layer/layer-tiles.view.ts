import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A layer inside the vector tiles (TileJSON `vector_layers`). */
export class VectorLayerView {
  @ApiProperty({ description: 'Layer name inside each tile: the layer id.', example: 'parcels' })
  id!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty()
  minzoom!: number;

  @ApiProperty()
  maxzoom!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Feature properties in the tiles and their types (String, Number, Boolean).',
    example: { id: 'String', kind: 'String', name: 'String' },
  })
  fields!: Record<string, string>;
}

/** TileJSON 3.0.0 of a layer served as vector tiles. */
export class TileJsonView {
  @ApiProperty({ enum: ['3.0.0'] })
  tilejson!: '3.0.0';

  @ApiProperty({ example: 'parcels' })
  name!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ description: 'Source and attribution of the data.' })
  attribution!: string;

  @ApiProperty({ description: 'Served version; tiles change when it does.' })
  version!: string;

  @ApiProperty({ enum: ['xyz'] })
  scheme!: 'xyz';

  @ApiProperty({ type: [String], description: 'Tile URL template; requests need the same Authorization header.' })
  tiles!: string[];

  @ApiProperty({ description: 'Below it tiles are empty (204): the layer is too dense to draw at lower zooms.' })
  minzoom!: number;

  @ApiProperty({ description: 'Deepest zoom with full detail; clients overzoom beyond it.' })
  maxzoom!: number;

  @ApiProperty({ type: [Number], description: 'Extent of the served data, [minLng, minLat, maxLng, maxLat] in WGS84.' })
  bounds!: number[];

  @ApiPropertyOptional({ type: [Number], description: '[lng, lat, zoom] to open a map at.' })
  center?: number[];

  @ApiProperty({ type: [VectorLayerView] })
  vector_layers!: VectorLayerView[];
}

/**
 * Reply of `layer.tiles.get` and `layer.basemap.get`: the tile's bytes travel raw after the JSON
 * envelope (binary replies of @lp/messaging), not base64 inside it.
 */
export interface LayerTileReply {
  /** Strong entity tag, quoted: layer, version and tile address. */
  etag: string;
  version: number;
  /** `tile`: bytes in mvt; `empty`: no feature in the tile; `not_modified`: the caller's tag matches. */
  status: 'tile' | 'empty' | 'not_modified';
  mvt: Uint8Array | null;
  feature_count: number;
  /** True when the tile hit its feature cap and holds only the largest features. */
  truncated: boolean;
}

/** A raster tile as layer-svc answers it; the bytes travel base64-encoded inside the JSON reply. */
export interface LayerRasterTileReply {
  /** Strong entity tag, quoted: layer, data version and tile address. */
  etag: string;
  /** `tile`: bytes in image_base64; `empty`: no data in the tile; `not_modified`: the caller's tag matches. */
  status: 'tile' | 'empty' | 'not_modified';
  /** image/png, or the upstream's type for a proxied layer (image/jpeg). */
  content_type: string;
  image_base64: string | null;
}
