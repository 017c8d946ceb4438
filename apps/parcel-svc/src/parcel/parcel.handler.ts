import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  GetParcelDetailRequest,
  ParcelAtRequest,
  ParcelAutocompleteRequest,
  ParcelBatchRequest,
  ParcelBlockRequest,
  ParcelConstraintsRequest,
  ParcelProximityRequest,
  ParcelSubjects,
  type ConstraintsView,
  type ParcelBatchJson,
  type ParcelFeatureView,
  type ParcelSuggestionView,
  type ProximityView,
  type RegulationsView,
  type TerrainView,
} from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { batchJson } from './batch-json.js';
import { ParcelService } from './parcel.service.js';

@Controller()
export class ParcelHandler {
  constructor(private readonly parcels: ParcelService) {}

  @Answers(ParcelSubjects.get)
  get(@Payload() request: GetParcelDetailRequest): Promise<ParcelFeatureView> {
    return this.parcels.getFeature(request.parcel_id, request.include);
  }

  @Answers(ParcelSubjects.at)
  at(@Payload() request: ParcelAtRequest): Promise<ParcelFeatureView> {
    return this.parcels.getAt(request.lng, request.lat);
  }

  @Answers(ParcelSubjects.autocomplete)
  autocomplete(@Payload() request: ParcelAutocompleteRequest): Promise<ParcelSuggestionView[]> {
    return this.parcels.suggest(request.q);
  }

  /** Read and written as JSON here a slice at a time (batch-json.ts): up to 6 MB, which the gateway sends on as it is. */
  @Answers(ParcelSubjects.batch)
  batch(@Payload() request: ParcelBatchRequest): Promise<ParcelBatchJson> {
    return batchJson(request.parcel_ids, (ids) => this.parcels.findWithFacts(ids, request.include));
  }

  @Answers(ParcelSubjects.regulations)
  regulations(@Payload() request: ParcelBlockRequest): Promise<RegulationsView> {
    return this.parcels.regulations(request.parcel_id);
  }

  @Answers(ParcelSubjects.constraints)
  constraints(@Payload() request: ParcelConstraintsRequest): Promise<ConstraintsView> {
    return this.parcels.constraints(request.parcel_id, request.buffer_m);
  }

  @Answers(ParcelSubjects.terrain)
  terrain(@Payload() request: ParcelBlockRequest): Promise<TerrainView> {
    return this.parcels.terrain(request.parcel_id);
  }

  @Answers(ParcelSubjects.proximity)
  proximity(@Payload() request: ParcelProximityRequest): Promise<ProximityView> {
    return this.parcels.proximity(request.parcel_id, request.kinds);
  }
}
