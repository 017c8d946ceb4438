import { Injectable } from '@nestjs/common';
import { AppError, type ParcelFeatureView } from '@lp/contracts';
import { ParcelRepository } from './parcel.repository.js';

const CANDIDATE_LIMIT = 5;

@Injectable()
export class ParcelService {
  constructor(private readonly parcels: ParcelRepository) {}

  /** The parcel as a feature, or `not_found` with the closest ids a person may have meant. */
  async getFeature(parcelId: string): Promise<ParcelFeatureView> {
    const feature = await this.parcels.findFeature(parcelId);
    if (feature) return feature;
    const candidates = await this.parcels.findSimilarIds(parcelId, CANDIDATE_LIMIT);
    const hint = candidates.length > 0 ? ' Close ids are listed in candidates.' : '';
    throw AppError.notFound(`No parcel has the id ${parcelId}.${hint}`, candidates);
  }
}
