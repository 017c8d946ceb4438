import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GeocodeAddressRequest, GeocodeSubjects, type GeocodeCandidateView } from '@lp/contracts';
import { GeocodeService } from './geocode.service.js';

@Controller()
export class GeocodeHandler {
  constructor(private readonly geocoder: GeocodeService) {}

  @MessagePattern(GeocodeSubjects.addressesSearch)
  search(@Payload() request: GeocodeAddressRequest): Promise<GeocodeCandidateView[]> {
    return this.geocoder.geocode(request.q, request.limit);
  }
}
