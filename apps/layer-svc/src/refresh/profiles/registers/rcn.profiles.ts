import type { SourceProfileInput } from '../source-profile.js';

/**
 * Register of Real Estate Prices (Rejestr Cen Nieruchomości, RCN), published by GUGiK as one WFS of
 * MapServer (`ms:` feature types) fed by every powiat's surveying office. Rows are one premises
 * (`ms:lokale`) or one parcel (`ms:dzialki`) of a transaction; coordinates are EPSG:2180 with
 * northing first in GML 3.2 (`urn:ogc:def:crs:EPSG::2180`), which GDAL honours. `teryt` is the
 * powiat (4 digits, e.g. `0617`); the gmina comes from the EGiB unit id of the premises or parcel
 * (`061701_1.0001...` -> `0617011`), or from the point when there is none.
 *
 * GUGiK also exports the register per powiat as a zipped GeoPackage
 * (`InneDane/latest_exports/rcn_transakcje_ceny/GPKG/<powiat>_transakcje_ceny.gpkg.zip`, one member
 * `<powiat>_transakcje_ceny.gpkg`) with three tables in the WFS's own field names:
 * `transakcje_dzialki`, `transakcje_budynki`, `transakcje_lokale` (EPSG:2180, geometry column
 * `geometry`, `dok_data` a GeoPackage DateTime, prices and areas numbers, `teryt` the powiat as text).
 * The `-gpkg` profiles read those tables with the same mapping as the WFS profiles.
 */
const RCN_WFS = 'https://mapy.geoportal.gov.pl/wss/service/rcn';
const common = {
  register: 'RCN, Rejestr Cen Nieruchomości (GUGiK, from the powiat registers of prices and values)',
  publishedAt: 'https://www.geoportal.gov.pl/pl/dane/rejestr-cen-nieruchomosci-rcn/',
  endpoint: RCN_WFS,
  licence: 'Data of the national geodetic and cartographic resource (PZGiK); use on the terms GUGiK states for the RCN service',
  attribution: 'Rejestr Cen Nieruchomości, GUGiK and the powiat surveying offices',
  cadence: 'weekly',
  gdal: { openOptions: { WRITE_GFS: 'NO' } },
} as const;

const market = { codes: 'tran_rodzaj_rynku', table: { pierwotny: 'primary_market', wtorny: 'secondary_market' } } as const;

/** The premises' price, or the transaction's where the powiat leaves the premises' price empty. */
const premisesPrice = { firstOf: [{ field: 'lok_cena_brutto', optional: true }, { field: 'tran_cena_brutto' }] } as const;

const lokaleMapping: SourceProfileInput['map'] = {
  id: { firstOf: [{ template: '{tran_lokalny_id_iip}/{lok_id_lokalu}' }, { field: 'gml_id', optional: true }] },
  kind: market,
  teryt: { gminaFromUnitId: 'lok_id_lokalu' },
  attributes: {
    date: { date: 'dok_data' },
    price_pln: premisesPrice,
    area_sqm: { field: 'lok_pow_uzyt' },
    price_per_sqm_pln: { ratio: [premisesPrice, { field: 'lok_pow_uzyt' }] },
    floor: { field: 'lok_nr_kond', optional: true },
    rooms: { field: 'lok_liczba_izb', optional: true },
    market: { codes: 'tran_rodzaj_rynku', table: { pierwotny: 'primary', wtorny: 'secondary' } },
  },
};

const PROPERTY_TYPES = { nieruchomoscGruntowaNiezabudowana: 'land', nieruchomoscGruntowaZabudowana: 'building', nieruchomoscBudynkowa: 'building', nieruchomoscLokalowa: 'apartment' };
const parcelPrice = { firstOf: [{ field: 'dzi_cena_brutto', optional: true }, { field: 'nier_cena_brutto', optional: true }, { field: 'tran_cena_brutto' }] } as const;

const transactionsMapping: SourceProfileInput['map'] = {
  id: { firstOf: [{ template: '{tran_lokalny_id_iip}/{dzi_id_dzialki}' }, { field: 'gml_id', optional: true }] },
  kind: { codes: 'nier_rodzaj', table: PROPERTY_TYPES },
  teryt: { gminaFromUnitId: 'dzi_id_dzialki' },
  geometry: 'pointOnSurface',
  attributes: {
    date: { date: 'dok_data' },
    property_type: { codes: 'nier_rodzaj', table: PROPERTY_TYPES },
    price_pln: parcelPrice,
    area_sqm: { geometryArea: true },
    price_per_sqm_pln: { ratio: [parcelPrice, { geometryArea: true }] },
    parcel_id: { field: 'dzi_id_dzialki' },
  },
};

/** GUGiK's GeoPackage export of one powiat: the zip's one GeoPackage, whatever folder it is in. */
const GPKG_EXPORT = {
  publishedAt: 'https://opendata.geoportal.gov.pl/InneDane/latest_exports/rcn_transakcje_ceny/GPKG/',
  endpoint: undefined,
  cadence: 'daily export (GUGiK regenerates latest_exports)',
} as const;

export const RCN_PROFILES: SourceProfileInput[] = [
  {
    ...common,
    id: 'rcn-lokale',
    layer: 'lokale',
    notes:
      'Harvest the national WFS (pages of the server size, sorted on the transaction id) or pass one saved GetFeature answer. ' +
      'lok_cena_brutto (price of the premises) is empty in many powiats; the transaction price is used then.',
    fetch: { kind: 'wfs', typeNames: ['ms:lokale'], sortBy: 'tran_lokalny_id_iip', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    map: lokaleMapping,
  },
  {
    ...common,
    id: 'rcn-transactions',
    layer: 'transactions',
    notes:
      'Parcels of land transactions (ms:dzialki), served as the point on surface of the parcel. The area is the parcel polygon\'s: ' +
      'dzi_pow_ewid is in hectares in some powiats and in square metres in others (files even mix them). A parcel sold with others ' +
      'carries the whole property\'s price when it has none of its own, so its price per square metre is an upper bound.',
    fetch: { kind: 'wfs', typeNames: ['ms:dzialki'], sortBy: 'tran_lokalny_id_iip', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    map: transactionsMapping,
  },
  {
    ...common,
    ...GPKG_EXPORT,
    id: 'rcn-lokale-gpkg',
    layer: 'lokale',
    notes:
      'One powiat\'s GeoPackage export (table transakcje_lokale), loaded as a part: ' +
      '`refresh lokale --part <powiat> --profile rcn-lokale-gpkg --source .../GPKG/<powiat>_transakcje_ceny.gpkg.zip`. ' +
      'The premises are served as points (the point on surface where a powiat exports a polygon). Warszawa is a zip of about 420 MB.',
    fetch: { kind: 'zip', members: ['*_transakcje_ceny.gpkg'] },
    gdal: { layers: ['transakcje_lokale'] },
    map: { ...lokaleMapping, geometry: 'pointOnSurface' },
  },
  {
    ...common,
    ...GPKG_EXPORT,
    id: 'rcn-transactions-gpkg',
    layer: 'transactions',
    notes:
      'One powiat\'s GeoPackage export (table transakcje_dzialki: the parcels of every transaction), loaded as a part like rcn-lokale-gpkg. ' +
      'transakcje_budynki is not read: a building is sold with its parcel, which transakcje_dzialki already holds. ' +
      'Areas and prices per square metre as for rcn-transactions (dzi_pow_ewid is in hectares in some powiats, square metres in others).',
    fetch: { kind: 'zip', members: ['*_transakcje_ceny.gpkg'] },
    gdal: { layers: ['transakcje_dzialki'] },
    map: transactionsMapping,
  },
];
