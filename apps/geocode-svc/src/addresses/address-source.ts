import { POLAND_BBOX_WGS84 } from '@lp/geo';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { foldedWords, normalisePostcode } from './address-text.js';

/** One address point of the source (tools/demo/SOURCE-FORMAT.md, "Not layers": addresses.geojsonl). */
export interface AddressFeature {
  id: string;
  lng: number;
  lat: number;
  locality: string;
  localitySimc: string | null;
  /** As the register writes it, with its type: `ul. Głogowska`; null where houses are numbered per locality. */
  street: string | null;
  houseNumber: string;
  postcode: string | null;
  /** 7-digit TERYT code of the gmina. */
  teryt: string;
}

/** A line of the source: the address, or why it was left out. */
export type SourceLine = { line: number; feature: AddressFeature } | { line: number; problem: string };

const MAX_TEXT = 200;

/**
 * Reads a GeoJSON-lines file one line at a time (the national register has millions of points).
 * A line that is not JSON means a broken file and stops the load; a feature that lacks what a
 * search needs is reported and left out.
 */
export async function* readAddressSource(path: string): AsyncGenerator<SourceLine> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${path}:${line} is not JSON; the file looks broken, nothing was loaded`);
    }
    const checked = toAddressFeature(json);
    yield typeof checked === 'string' ? { line, problem: checked } : { line, feature: checked };
  }
}

/** The address of one GeoJSON feature, or what is wrong with it. */
export function toAddressFeature(json: unknown): AddressFeature | string {
  const feature = json as { type?: unknown; geometry?: { type?: unknown; coordinates?: unknown }; properties?: Record<string, unknown> } | null;
  if (feature?.type !== 'Feature' || typeof feature.properties !== 'object' || feature.properties === null) return 'not a GeoJSON Feature with properties';
  const properties = feature.properties;
  const id = text(properties['id']);
  if (!id) return 'no id';
  const coordinates = feature.geometry?.type === 'Point' ? feature.geometry.coordinates : null;
  if (!Array.isArray(coordinates) || coordinates.length < 2 || !coordinates.slice(0, 2).every((value) => typeof value === 'number' && Number.isFinite(value))) {
    return `${id}: geometry is not a Point`;
  }
  const [lng, lat] = coordinates as [number, number];
  const poland = POLAND_BBOX_WGS84;
  if (lng < poland.minLng || lng > poland.maxLng || lat < poland.minLat || lat > poland.maxLat) return `${id}: point ${lng},${lat} is outside Poland`;
  const locality = text(properties['locality']);
  if (!locality || foldedWords(locality).length === 0) return `${id}: no locality name`;
  const houseNumber = text(properties['house_number']);
  if (!houseNumber || !/[0-9]/.test(houseNumber) || houseNumber.length > 20) return `${id}: house_number ${JSON.stringify(properties['house_number'])} is not a house number`;
  const teryt = text(properties['teryt']);
  if (!teryt || !/^[0-9]{7}$/.test(teryt)) return `${id}: teryt ${JSON.stringify(properties['teryt'])} is not a 7-digit gmina code`;
  const rawStreet = properties['street'];
  const street = rawStreet === null || rawStreet === undefined || rawStreet === '' ? null : text(rawStreet);
  if (street === undefined) return `${id}: street is neither text nor null`;
  const rawPostcode = properties['postcode'];
  const postcode = rawPostcode === null || rawPostcode === undefined ? null : typeof rawPostcode === 'string' ? normalisePostcode(rawPostcode) : null;
  if (postcode === null && rawPostcode !== null && rawPostcode !== undefined) return `${id}: postcode ${JSON.stringify(rawPostcode)} is not NN-NNN`;
  const simc = properties['locality_simc'];
  const localitySimc = typeof simc === 'string' && /^[0-9]{7}$/.test(simc) ? simc : null;
  return { id, lng, lat, locality, localitySimc, street, houseNumber, postcode, teryt };
}

/** Trimmed non-empty text of at most MAX_TEXT characters; undefined otherwise. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_TEXT ? trimmed : undefined;
}
