import { registerDecorator, type ValidationOptions } from 'class-validator';

/** WGS84 longitude, latitude: the default of OGC API - Features and of GeoJSON. */
export const CRS84_URI = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
/** PUWG 1992 (our storage CRS). Its EPSG definition orders the axes northing (x), easting (y). */
export const EPSG_2180_URI = 'http://www.opengis.net/def/crs/EPSG/0/2180';

export type OgcCrs = 'CRS84' | 'EPSG:2180';

/** What `crs`, `bbox-crs` and `filter-crs` accept, as OGC API - Features Part 2 names them. */
export const OGC_CRS_URIS: Record<OgcCrs, string> = { CRS84: CRS84_URI, 'EPSG:2180': EPSG_2180_URI };

/** Spellings taken besides the URIs: safe CURIEs and the short codes clients write by hand. */
const ALIASES: Record<string, OgcCrs> = {
  [CRS84_URI]: 'CRS84',
  'http://www.opengis.net/def/crs/OGC/0/CRS84': 'CRS84',
  '[OGC:CRS84]': 'CRS84',
  'OGC:CRS84': 'CRS84',
  CRS84: 'CRS84',
  [EPSG_2180_URI]: 'EPSG:2180',
  'https://www.opengis.net/def/crs/EPSG/0/2180': 'EPSG:2180',
  '[EPSG:2180]': 'EPSG:2180',
  'EPSG:2180': 'EPSG:2180',
};

export const OGC_CRS_ALLOWED = `${CRS84_URI} (longitude, latitude; the default) or ${EPSG_2180_URI} (PUWG 1992 in metres, northing then easting as EPSG defines its axes)`;

/** The CRS a parameter names, or null for one we do not offer. */
export function ogcCrsOf(value: string): OgcCrs | null {
  return ALIASES[value.trim()] ?? null;
}

/** A `crs`-like parameter: one of the CRS we offer (URI or safe CURIE); the message lists them. */
export function IsOgcCrs(parameter: string, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isOgcCrs',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${parameter} is not a CRS this API offers; use ${OGC_CRS_ALLOWED}`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && value.length <= 200 && ogcCrsOf(value) !== null },
    });
  };
}
