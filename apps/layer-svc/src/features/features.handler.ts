import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LayerFeaturesCountRequest, LayerFeaturesRequest, LayerItemRequest, LayerItemsRequest, LayerQueryablesRequest, LayerSubjects, type LayerFeaturePageReply, type LayerFeaturesCountReply, type LayerFeatureView, type LayerQueryablesReply } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { FeaturesService } from './features.service.js';

@Controller()
export class FeaturesHandler {
  constructor(private readonly features: FeaturesService) {}

  @Answers(LayerSubjects.features)
  list(@Payload() request: LayerFeaturesRequest): Promise<LayerFeaturePageReply> {
    return this.features.list(request);
  }

  @Answers(LayerSubjects.featuresCount)
  count(@Payload() request: LayerFeaturesCountRequest): Promise<LayerFeaturesCountReply> {
    return this.features.countUpTo(request);
  }

  @Answers(LayerSubjects.items)
  items(@Payload() request: LayerItemsRequest): Promise<LayerFeaturePageReply> {
    return this.features.items(request);
  }

  @Answers(LayerSubjects.queryables)
  queryables(@Payload() request: LayerQueryablesRequest): Promise<LayerQueryablesReply> {
    return this.features.queryables(request);
  }

  @Answers(LayerSubjects.item)
  item(@Payload() request: LayerItemRequest): Promise<LayerFeatureView> {
    return this.features.item(request);
  }
}
