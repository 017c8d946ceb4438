import { Optional } from '../common/optional.js';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsString, Matches, MaxLength } from 'class-validator';
import { LAYER_ID_MESSAGE, LAYER_ID_PATTERN } from './layer-features.request.js';

/** An XYZ tile address (web mercator) and the caller's entity tags. z, x and y ranges are checked by the service. */
export class TileAddressRequest {
  @IsInt({ message: 'z must be an integer from 0 to 22' })
  z!: number;

  @IsInt({ message: 'x must be an integer from 0 to 2^z-1' })
  x!: number;

  @IsInt({ message: 'y must be an integer from 0 to 2^z-1' })
  y!: number;

  /** Entity tags from If-None-Match; when the tile's tag is among them the reply carries no bytes. */
  @Optional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  if_none_match?: string[];
}

/** `layer.tiles.get`: one vector tile of a layer. */
export class LayerTileRequest extends TileAddressRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;

  /**
   * Cut the tile afresh rather than answer it from layer-svc's memory of recent tiles (the caller
   * sent `Cache-Control: no-cache`); the fresh tile is remembered in its place.
   */
  @Optional()
  @IsBoolean()
  no_cache?: boolean;
}

/** `layer.tiles.describe`: the TileJSON of a layer served as vector tiles. */
export class LayerTilesetRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;
}

/** `layer.raster.tile`: one PNG tile of a raster layer (terrain_hillshade rendered by GDAL, ortho proxied). */
export class LayerRasterTileRequest extends TileAddressRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;
}
