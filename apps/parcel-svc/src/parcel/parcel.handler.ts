import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GetParcelRequest, ParcelSubjects, type ParcelFeatureView } from '@lp/contracts';
import { ParcelService } from './parcel.service.js';

@Controller()
export class ParcelHandler {
  constructor(private readonly parcels: ParcelService) {}

  @MessagePattern(ParcelSubjects.get)
  get(@Payload() request: GetParcelRequest): Promise<ParcelFeatureView> {
    return this.parcels.getFeature(request.parcel_id);
  }
}
