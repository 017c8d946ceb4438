import type { SourceProfileInput } from '../source-profile.js';

/**
 * Land and building register (Ewidencja Gruntów i Budynków, EGiB), kept by each powiat and served
 * by each powiat's WFS (`ewns:dzialki` on Geo-System servers, `ms:dzialki` on MapServer ones) and
 * by GUGiK's aggregated WFS (`ms:dzialki`, CountDefault 1000, numberMatched "unknown",
 * PagingIsTransactionSafe FALSE). The attributes follow the regulation on EGiB of 27 July 2021:
 * ID_DZIALKI, NUMER_DZIALKI, NAZWA_OBREBU, NUMER_OBREBU, NUMER_JEDNOSTKI, NAZWA_GMINY,
 * POLE_EWIDENCYJNE (hectares, often empty), KLASOUZYTKI_EGIB, GRUPA_REJESTROWA, DATA.
 */
const common = {
  register: 'EGiB, Ewidencja Gruntów i Budynków (powiat registers; aggregated by GUGiK)',
  publishedAt: 'https://www.geoportal.gov.pl/pl/dane/ewidencja-gruntow-i-budynkow-egib/',
  licence: 'Parcel geometry and basic attributes served by the EGiB services free of charge; no owner data is served or loaded',
  attribution: 'Ewidencja Gruntów i Budynków, starostwa powiatowe; GUGiK',
  cadence: 'quarterly',
  gdal: { openOptions: { WRITE_GFS: 'NO' } },
} as const;

const parcelMapping = {
  id: { field: 'ID_DZIALKI' },
  kind: { constant: 'parcel' },
  teryt: { gminaFromUnitId: 'ID_DZIALKI' },
  attributes: {
    parcel_id: { field: 'ID_DZIALKI' },
    parcel_number: { field: 'NUMER_DZIALKI' },
    // The unit (302111_5) and the 4-digit precinct: the first 13 characters of every parcel id.
    precinct_id: { slice: 'ID_DZIALKI', from: 1, length: 13 },
    area_sqm: { firstOf: [{ scaled: 'POLE_EWIDENCYJNE', factor: 10000, optional: true }, { geometryArea: true }] },
    land_use_classes: { field: 'KLASOUZYTKI_EGIB', optional: true },
  },
} as const;

export const EGIB_PROFILES: SourceProfileInput[] = [
  {
    ...common,
    id: 'egib-parcels',
    layer: 'parcels',
    endpoint: 'https://mapy.geoportal.gov.pl/wss/service/PZGIK/EGIB/WFS/UslugaZbiorcza',
    notes:
      'The aggregated service answers per powiat from the powiat servers; its paging is not transaction safe, so a harvest is held to the ' +
      'count and a short one fails. A whole-country harvest is about 35 million parcels: load it powiat by powiat (as parts).',
    fetch: { kind: 'wfs', typeNames: ['ms:dzialki'], sortBy: 'ID_DZIALKI', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    map: parcelMapping,
  },
  {
    ...common,
    id: 'egib-parcels-powiat',
    layer: 'parcels',
    notes: 'A powiat WFS on a Geo-System server (ewns namespace); pass the powiat service URL listed in GUGiK\'s register of services (EZiUDP).',
    fetch: { kind: 'wfs', typeNames: ['ewns:dzialki'], sortBy: 'ID_DZIALKI', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    map: parcelMapping,
  },
];
