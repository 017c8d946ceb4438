import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LayerFeaturesRequest, LayerSubjects, type LayerFeaturePageView } from '@lp/contracts';
import { FeaturesService } from './features.service.js';

@Controller()
export class FeaturesHandler {
  constructor(private readonly features: FeaturesService) {}

  @MessagePattern(LayerSubjects.features)
  list(@Payload() request: LayerFeaturesRequest): Promise<LayerFeaturePageView> {
    return this.features.list(request);
  }
}
