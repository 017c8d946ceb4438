import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FindRegionsRequest, GeocodeSubjects, type RegionView } from '@lp/contracts';
import { RegionsService } from './regions.service.js';

@Controller()
export class RegionsHandler {
  constructor(private readonly regions: RegionsService) {}

  @MessagePattern(GeocodeSubjects.regionsFind)
  find(@Payload() request: FindRegionsRequest): Promise<RegionView[]> {
    return this.regions.find(request.q, request.limit);
  }
}
