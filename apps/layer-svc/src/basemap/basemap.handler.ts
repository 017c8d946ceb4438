import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BasemapTileRequest, LayerSubjects, type LayerTileReply } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { BasemapService } from './basemap.service.js';

@Controller()
export class BasemapHandler {
  constructor(private readonly basemap: BasemapService) {}

  @Answers(LayerSubjects.basemap)
  tile(@Payload() request: BasemapTileRequest): Promise<LayerTileReply> {
    return this.basemap.tile(request);
  }
}
