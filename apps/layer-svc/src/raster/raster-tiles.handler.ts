import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LayerRasterTileRequest, LayerSubjects, type LayerRasterTileReply } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { RasterTilesService } from './raster-tiles.service.js';

@Controller()
export class RasterTilesHandler {
  constructor(private readonly tiles: RasterTilesService) {}

  /** The PNG travels base64-encoded inside the JSON reply (a 256 px tile is a few tens of KB). */
  @Answers(LayerSubjects.rasterTile)
  tile(@Payload() request: LayerRasterTileRequest): Promise<LayerRasterTileReply> {
    return this.tiles.tile(request);
  }
}
