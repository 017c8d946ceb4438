import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FindRegionsRequest, GeocodeSubjects, type RegionView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { RegionsService } from './regions.service.js';

@Controller()
export class RegionsHandler {
  constructor(private readonly regions: RegionsService) {}

  @Answers(GeocodeSubjects.regionsFind)
  find(@Payload() request: FindRegionsRequest): Promise<RegionView[]> {
    return this.regions.find(request.q, request.limit);
  }
}
