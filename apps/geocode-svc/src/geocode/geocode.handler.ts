import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GeocodeAddressRequest, GeocodeSubjects, type GeocodeCandidateView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { GeocodeService } from './geocode.service.js';

@Controller()
export class GeocodeHandler {
  constructor(private readonly geocoder: GeocodeService) {}

  @Answers(GeocodeSubjects.addressesSearch)
  search(@Payload() request: GeocodeAddressRequest): Promise<GeocodeCandidateView[]> {
    return this.geocoder.geocode(request.q, request.limit);
  }
}
