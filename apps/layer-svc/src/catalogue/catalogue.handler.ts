import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LayerSubjects, type LayerListView } from '@lp/contracts';
import { CatalogueService } from './catalogue.service.js';

@Controller()
export class CatalogueHandler {
  constructor(private readonly catalogue: CatalogueService) {}

  @MessagePattern(LayerSubjects.list)
  list(): Promise<LayerListView> {
    return this.catalogue.list();
  }
}
