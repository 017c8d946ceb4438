import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LayerFeaturesRequest, LayerItemRequest, LayerItemsRequest, LayerQueryablesRequest, LayerSubjects, type LayerFeaturePageReply, type LayerFeatureView, type LayerQueryablesReply } from '@lp/contracts';
import { FeaturesService } from './features.service.js';

@Controller()
export class FeaturesHandler {
  constructor(private readonly features: FeaturesService) {}

  @MessagePattern(LayerSubjects.features)
  list(@Payload() request: LayerFeaturesRequest): Promise<LayerFeaturePageReply> {
    return this.features.list(request);
  }

  @MessagePattern(LayerSubjects.items)
  items(@Payload() request: LayerItemsRequest): Promise<LayerFeaturePageReply> {
    return this.features.items(request);
  }

  @MessagePattern(LayerSubjects.queryables)
  queryables(@Payload() request: LayerQueryablesRequest): Promise<LayerQueryablesReply> {
    return this.features.queryables(request);
  }

  @MessagePattern(LayerSubjects.item)
  item(@Payload() request: LayerItemRequest): Promise<LayerFeatureView> {
    return this.features.item(request);
  }
}
