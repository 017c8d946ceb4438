import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LayerCollectionsRequest, LayerSubjects, type LayerCollectionsReply, type LayerListView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { CatalogueService } from './catalogue.service.js';

@Controller()
export class CatalogueHandler {
  constructor(private readonly catalogue: CatalogueService) {}

  @Answers(LayerSubjects.list)
  list(): Promise<LayerListView> {
    return this.catalogue.list();
  }

  @Answers(LayerSubjects.collections)
  collections(@Payload() request: LayerCollectionsRequest): Promise<LayerCollectionsReply> {
    return this.catalogue.collections(request);
  }
}
