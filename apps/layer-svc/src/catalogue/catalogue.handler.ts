import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LayerCollectionsRequest, LayerSubjects, type LayerCollectionsReply, type LayerListView } from '@lp/contracts';
import { CatalogueService } from './catalogue.service.js';

@Controller()
export class CatalogueHandler {
  constructor(private readonly catalogue: CatalogueService) {}

  @MessagePattern(LayerSubjects.list)
  list(): Promise<LayerListView> {
    return this.catalogue.list();
  }

  @MessagePattern(LayerSubjects.collections)
  collections(@Payload() request: LayerCollectionsRequest): Promise<LayerCollectionsReply> {
    return this.catalogue.collections(request);
  }
}
