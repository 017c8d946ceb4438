import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BasemapTileRequest, LayerSubjects, type LayerTileReply } from '@lp/contracts';
import { BasemapService } from './basemap.service.js';

@Controller()
export class BasemapHandler {
  constructor(private readonly basemap: BasemapService) {}

  @MessagePattern(LayerSubjects.basemap)
  tile(@Payload() request: BasemapTileRequest): Promise<LayerTileReply> {
    return this.basemap.tile(request);
  }
}
