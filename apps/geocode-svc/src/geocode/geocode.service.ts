import { Injectable } from '@nestjs/common';
import { AppError, GEOCODE_LIMIT_DEFAULT, type GeocodeCandidateView } from '@lp/contracts';
import { foldPolish } from '@lp/geo';
import { parseAddressQuery, type AddressQuery } from './address-query.js';
import { GeocodeRepository, type AddressHit } from './geocode.repository.js';

@Injectable()
export class GeocodeService {
  constructor(private readonly addresses: GeocodeRepository) {}

  /**
   * Address points matching a free-text address, best first, each with the parcel containing it.
   * Each reading of the text is tried in turn (`5 3 Maja`: house 3 first, then house 5); spelling
   * corrections only when no reading matched. An empty list is a real "no such address".
   */
  async geocode(q: string, limit: number = GEOCODE_LIMIT_DEFAULT): Promise<GeocodeCandidateView[]> {
    const readings = parseAddressQuery(q);
    if (readings.length === 0) {
      throw AppError.invalid('q must name a street, a locality or a postcode, with the house number if known, e.g. "Głogowska 12, Poznań" or "60-101"; a number alone is not an address.');
    }
    for (const reading of readings) {
      const hits = reading.words.length > 0 ? await this.addresses.byWords(reading, limit) : await this.addresses.byPostcode(reading, limit);
      if (hits.length > 0) return hits.map(toCandidate);
    }
    return this.searchRespelt(readings[0]!, limit);
  }

  /**
   * A word that begins no word of the register (`glogowsak`) is replaced by the closest word that
   * does (`glogowska`); a word with nothing close means no such address. Respelt hits are never
   * exact, and their score is scaled by the similarity of the replaced words.
   */
  private async searchRespelt(reading: AddressQuery, limit: number): Promise<GeocodeCandidateView[]> {
    if (reading.words.length === 0) return [];
    const spellings = await this.addresses.spellings(reading.words);
    if (spellings.every((spelling) => spelling.known) || spellings.some((spelling) => !spelling.known && spelling.closest === null)) return [];
    const words = spellings.map((spelling) => (spelling.known ? spelling.word : spelling.closest!));
    const similarity = spellings.reduce((product, spelling) => (spelling.known ? product : product * spelling.similarity!), 1);
    const hits = await this.addresses.byWords({ ...reading, words: [...new Set(words)] }, limit);
    return hits.map((hit) => toCandidate({ ...hit, exact: false, score: Math.round(hit.score * similarity) }));
  }
}

/** `ul. Głogowska 12, 60-101 Poznań`; a locality numbered without streets: `Pobórze 55, 14-101 Pobórze, gm. Ostróda`. */
export function addressLabel(hit: Pick<AddressHit, 'street' | 'house_number' | 'postcode' | 'locality' | 'gmina'>): string {
  const place = hit.postcode ? `${hit.postcode} ${hit.locality}` : hit.locality;
  const gmina = hit.gmina && foldPolish(hit.gmina) !== foldPolish(hit.locality) ? `, gm. ${hit.gmina}` : '';
  return `${hit.street ?? hit.locality} ${hit.house_number}, ${place}${gmina}`;
}

function toCandidate(hit: AddressHit): GeocodeCandidateView {
  return {
    label: addressLabel(hit),
    lng: hit.lng,
    lat: hit.lat,
    parcel_id: hit.parcel_id,
    score: hit.score,
    exact: hit.exact,
    address_id: hit.address_id,
    street: hit.street,
    house_number: hit.house_number,
    locality: hit.locality,
    postcode: hit.postcode,
    teryt: hit.teryt,
    gmina: hit.gmina,
  };
}
