import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LayerSubjects, LayerTileRequest, LayerTilesetRequest, type LayerTileReply, type TileJsonView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { TilesService } from './tiles.service.js';

@Controller()
export class TilesHandler {
  constructor(private readonly tiles: TilesService) {}

  /** The tile's bytes travel raw after the JSON reply (binary replies, ChunkingNatsServer). */
  @Answers(LayerSubjects.tile)
  tile(@Payload() request: LayerTileRequest): Promise<LayerTileReply> {
    return this.tiles.tile(request);
  }

  @Answers(LayerSubjects.tileset)
  tileset(@Payload() request: LayerTilesetRequest): Promise<TileJsonView> {
    return this.tiles.tileset(request);
  }
}
