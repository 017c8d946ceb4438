import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * `layer.basemap.get`: one tile of the base map, several source layers in one MVT (land cover,
 * waterways, admin bounds and their label points, roads, buildings). The reply is a LayerTileReply.
 */
export class BasemapTileRequest {
  @IsInt({ message: 'z must be an integer from 0 to 22' })
  z!: number;

  @IsInt({ message: 'x must be an integer from 0 to 2^z-1' })
  x!: number;

  @IsInt({ message: 'y must be an integer from 0 to 2^z-1' })
  y!: number;

  /** Entity tags from If-None-Match; when the tile's tag is among them the reply carries no bytes. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  if_none_match?: string[];
}
