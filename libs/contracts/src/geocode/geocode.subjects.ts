import { defineSubject } from '../common/subject.js';
import type { FindRegionsRequest } from './find-regions.request.js';
import type { GeocodeAddressRequest } from './geocode-address.request.js';
import type { GeocodeCandidateView } from './geocode-candidate.view.js';
import type { RegionView } from './region.view.js';

/** NATS subjects answered by geocode-svc, each with its request and reply. */
export const GeocodeSubjects = {
  regionsFind: defineSubject<FindRegionsRequest, RegionView[]>('geocode.regions.find'),
  addressesSearch: defineSubject<GeocodeAddressRequest, GeocodeCandidateView[]>('geocode.addresses.search'),
} as const;
