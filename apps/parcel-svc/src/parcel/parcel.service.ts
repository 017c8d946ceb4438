import { Injectable } from '@nestjs/common';
import { AppError, AUTOCOMPLETE_MAX, NEAREST_PARCEL_MAX_M, type ParcelBatchView, type ParcelFeatureView, type ParcelSuggestionView } from '@lp/contracts';
import { POLAND_BBOX_WGS84 } from '@lp/geo';
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

  /** The parcel at a point: containing it, else the nearest within 200 m, else `not_found`. */
  async getAt(lng: number, lat: number): Promise<ParcelFeatureView> {
    const box = POLAND_BBOX_WGS84;
    if (lng < box.minLng || lng > box.maxLng || lat < box.minLat || lat > box.maxLat) {
      throw AppError.invalid(`The point ${lng}, ${lat} is outside Poland (lng ${box.minLng}..${box.maxLng}, lat ${box.minLat}..${box.maxLat}); send lng and lat in WGS84.`);
    }
    const hit = await this.parcels.findAt(lng, lat, NEAREST_PARCEL_MAX_M);
    if (!hit) throw AppError.notFound(`No parcel contains the point ${lng}, ${lat} or lies within ${NEAREST_PARCEL_MAX_M} m of it.`);
    return { ...hit.feature, properties: { ...hit.feature.properties, distance_m: hit.distance_m } };
  }

  suggest(text: string): Promise<ParcelSuggestionView[]> {
    return this.parcels.suggest(text.trim(), AUTOCOMPLETE_MAX);
  }

  /** Found parcels in the order asked (each once), the rest in `missing`. */
  async getBatch(parcelIds: string[]): Promise<ParcelBatchView> {
    const unique = [...new Set(parcelIds)];
    const found = await this.parcels.findFeatures(unique);
    return {
      type: 'FeatureCollection',
      features: unique.flatMap((id) => found.get(id) ?? []),
      missing: unique.filter((id) => !found.has(id)),
    };
  }
}
