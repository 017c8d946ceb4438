import type { AddressFeature } from './address-source.js';
import { foldedWords, houseBase, normaliseHouseNumber, significantWords, splitStreetName, type StreetType } from './address-text.js';

/** A row of geocode.address_points. */
export interface PointRow {
  id: string;
  street_id: number;
  house_number: string;
  house_folded: string;
  house_base: number | null;
  postcode: string | null;
  lng: number;
  lat: number;
}

/** A row of geocode.address_streets: a street of a locality, or a locality numbered without streets. */
export interface StreetRow {
  id: number;
  teryt: string;
  gmina: string | null;
  locality: string;
  locality_simc: string | null;
  street: string | null;
  street_type: StreetType | null;
  /** Words of the street name; of the locality where there is no street. */
  name_words: string[];
  locality_words: string[];
  gmina_words: string[];
  /** Every distinct word above, for the full-text index. */
  search_words: string[];
  postcodes: string[];
  address_count: number;
  /** Addresses in the whole locality: among equal matches, bigger places come first. */
  locality_size: number;
}

/**
 * Groups the points of a source into streets while it is read: each point gets the id of its
 * street at once (points go to the database in batches), and the streets, whose postcodes and
 * sizes are known only at the end, are listed last.
 */
export class StreetCatalogue {
  private readonly streets = new Map<string, StreetRow>();
  private readonly localitySizes = new Map<string, number>();
  private readonly postcodes = new Map<number, Set<string>>();

  /** @param gminaNames gmina name by 7-digit TERYT code, to match the gmina's name too */
  constructor(private readonly gminaNames: ReadonlyMap<string, string>) {}

  get streetCount(): number {
    return this.streets.size;
  }

  pointRow(feature: AddressFeature): PointRow {
    const street = this.streetOf(feature);
    street.address_count++;
    if (feature.postcode) this.postcodes.get(street.id)!.add(feature.postcode);
    const localityKey = localityKeyOf(feature);
    this.localitySizes.set(localityKey, (this.localitySizes.get(localityKey) ?? 0) + 1);
    const houseFolded = normaliseHouseNumber(feature.houseNumber);
    return {
      id: feature.id,
      street_id: street.id,
      house_number: feature.houseNumber,
      house_folded: houseFolded,
      house_base: houseBase(houseFolded),
      postcode: feature.postcode,
      lng: feature.lng,
      lat: feature.lat,
    };
  }

  /** Every street seen, with its postcodes and the size of its locality; call after the last point. */
  streetRows(): StreetRow[] {
    return [...this.streets.entries()].map(([key, street]) => ({
      ...street,
      postcodes: [...this.postcodes.get(street.id)!].sort(),
      locality_size: this.localitySizes.get(key.slice(0, key.lastIndexOf('|')))!,
    }));
  }

  private streetOf(feature: AddressFeature): StreetRow {
    const key = `${localityKeyOf(feature)}|${feature.street ?? ''}`;
    const known = this.streets.get(key);
    if (known) return known;
    const gmina = this.gminaNames.get(feature.teryt) ?? null;
    const localityWords = significantWords(foldedWords(feature.locality));
    const gminaWords = gmina ? significantWords(foldedWords(gmina)) : [];
    const split = feature.street ? splitStreetName(feature.street) : null;
    // A street name without letters or digits would match every query; such houses count as the locality's.
    const { type, words } = split && split.words.length > 0 ? split : { type: null, words: localityWords };
    const searchWords = [...new Set([...words, ...localityWords, ...gminaWords])];
    const street: StreetRow = {
      id: this.streets.size + 1,
      teryt: feature.teryt,
      gmina,
      locality: feature.locality,
      locality_simc: feature.localitySimc,
      street: feature.street,
      street_type: type,
      name_words: words,
      locality_words: localityWords,
      gmina_words: gminaWords,
      search_words: searchWords,
      postcodes: [],
      address_count: 0,
      locality_size: 0,
    };
    this.streets.set(key, street);
    this.postcodes.set(street.id, new Set());
    return street;
  }
}

/** Same-named localities of one gmina are told apart by their SIMC id when the source has it. */
function localityKeyOf(feature: AddressFeature): string {
  return `${feature.teryt}|${feature.localitySimc ?? feature.locality}`;
}
