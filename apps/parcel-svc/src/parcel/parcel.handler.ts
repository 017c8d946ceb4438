import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GetParcelRequest,
  ParcelAtRequest,
  ParcelAutocompleteRequest,
  ParcelBatchRequest,
  ParcelSubjects,
  type ParcelBatchView,
  type ParcelFeatureView,
  type ParcelSuggestionView,
} from '@lp/contracts';
import { ParcelService } from './parcel.service.js';

@Controller()
export class ParcelHandler {
  constructor(private readonly parcels: ParcelService) {}

  @MessagePattern(ParcelSubjects.get)
  get(@Payload() request: GetParcelRequest): Promise<ParcelFeatureView> {
    return this.parcels.getFeature(request.parcel_id);
  }

  @MessagePattern(ParcelSubjects.at)
  at(@Payload() request: ParcelAtRequest): Promise<ParcelFeatureView> {
    return this.parcels.getAt(request.lng, request.lat);
  }

  @MessagePattern(ParcelSubjects.autocomplete)
  autocomplete(@Payload() request: ParcelAutocompleteRequest): Promise<ParcelSuggestionView[]> {
    return this.parcels.suggest(request.q);
  }

  @MessagePattern(ParcelSubjects.batch)
  batch(@Payload() request: ParcelBatchRequest): Promise<ParcelBatchView> {
    return this.parcels.getBatch(request.parcel_ids);
  }
}
