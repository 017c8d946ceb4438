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
    // A precinct drawn on several map sheets numbers its parcels per sheet, and the id names it:
    // 306401_1.0007.AR_3.12/4 lies on sheet AR_3.
    map_sheet: { capture: 'ID_DZIALKI', pattern: '^[0-9]{6}_[0-9]\\.[0-9]{4}\\.(AR_[0-9]+)\\.' },
    area_sqm: { firstOf: [{ scaled: 'POLE_EWIDENCYJNE', factor: 10000, optional: true }, { geometryArea: true }] },
    land_use_classes: { field: 'KLASOUZYTKI_EGIB', optional: true },
  },
} as const;

/**
 * GUGiK's export of the powiat WFS services, one zipped GeoPackage per powiat
 * (`InneDane/latest_exports/eziudp_wfs/GPKG/<powiat>.gpkg.zip`), table `dzialki` in EPSG:2180 with
 * the WFS fields in lower case: id_dzialki, numer_dzialki, nazwa_obrebu, numer_obrebu,
 * numer_jednostki, nazwa_gminy, data, pole_ewidencyjne, klasouzytki_egib, grupa_rejestrowa,
 * pozostale_atrybuty (the rest of the powiat's fields as text), czas_pozyskania (when harvested).
 * pole_ewidencyjne is read as the WFS's POLE_EWIDENCYJNE it is exported from (hectares).
 */
const parcelExportMapping = {
  id: { field: 'id_dzialki' },
  kind: { constant: 'parcel' },
  teryt: { gminaFromUnitId: 'id_dzialki' },
  attributes: {
    parcel_id: { field: 'id_dzialki' },
    parcel_number: { field: 'numer_dzialki' },
    precinct_id: { slice: 'id_dzialki', from: 1, length: 13 },
    area_sqm: { firstOf: [{ scaled: 'pole_ewidencyjne', factor: 10000, optional: true }, { geometryArea: true }] },
    land_use_classes: { field: 'klasouzytki_egib', optional: true },
  },
} as const;

/**
 * The groups of the classification of fixed assets (KŚT) an EGiB building's RODZAJ names, in the
 * words GUGiK's aggregated service serves and the one-letter codes some powiat servers serve.
 */
const RESIDENTIAL = '(budynki mieszkalne|mieszkalny|m)';
const BUILDING_GROUPS: Array<[string, string]> = [
  ['budynki przemysłowe|przemyslowy|p', 'industrial'],
  ['budynki handlowo-usługowe|handlowoUslugowy|h', 'commercial'],
  ['budynki biurowe|biurowy|b', 'office'],
  ['zbiorniki, silosy i budynki magazynowe|zbiornikSilosIBudynekMagazynowy|s', 'warehouse'],
  ['budynki produkcyjne, usługowe i gospodarcze dla rolnictwa|produkcyjnoUslugowyIGospodarczy|g', 'agricultural'],
  [
    'budynki oświaty, nauki i kultury oraz budynki sportowe|oswiatyNaukiIKulturyOrazSportu|k|budynki szpitali i inne budynki opieki zdrowotnej|szpitalaIInneBudynkiOpiekiZdrowotnej|z',
    'public',
  ],
  ['budynki transportu i łączności|transportuILacznosci|t|inne budynki niemieszkalne|budynekNiemieszkalny|i', 'other'],
];

const buildingMapping: SourceProfileInput['map'] = {
  id: { field: 'ID_BUDYNKU' },
  kind: {
    rules: { template: '{RODZAJ}|{KONDYGNACJE_NADZIEMNE}' },
    match: [
      // KŚT has one group for dwellings; up to two storeys above ground is taken as a one-family house.
      [`^${RESIDENTIAL}\\|[12]$`, 'single_family'],
      [`^${RESIDENTIAL}\\|`, 'multi_family'],
      ...BUILDING_GROUPS.map(([group, kind]): [string, string] => [`^(${group})\\|`, kind]),
    ],
  },
  teryt: { gminaFromUnitId: 'ID_BUDYNKU' },
  attributes: {
    building_id: { field: 'ID_BUDYNKU' },
    function: { field: 'RODZAJ' },
    floors: { field: 'KONDYGNACJE_NADZIEMNE' },
    floors_underground: { field: 'KONDYGNACJE_PODZIEMNE', optional: true },
    area_sqm: { geometryArea: true },
    status: { constant: 'existing' },
  },
};

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
  {
    ...common,
    id: 'egib-parcels-gpkg',
    layer: 'parcels',
    publishedAt: 'https://opendata.geoportal.gov.pl/InneDane/latest_exports/eziudp_wfs/GPKG/',
    cadence: 'as GUGiK regenerates latest_exports (the harvest time of each row is in czas_pozyskania)',
    notes:
      'One powiat\'s GeoPackage export of its EGiB WFS (table dzialki), loaded as a part: ' +
      '`refresh parcels --part <powiat> --profile egib-parcels-gpkg --source .../eziudp_wfs/GPKG/<powiat>.gpkg.zip`. ' +
      'A powiat whose WFS GUGiK could not harvest has no package (HTTP 404): its part fails and keeps its served rows. ' +
      'GUGiK also publishes the country as one GeoParquet (eziudp_wfs/PARQUET), which Debian\'s GDAL 3.6 cannot read.',
    fetch: { kind: 'zip', members: ['*.gpkg'] },
    gdal: { layers: ['dzialki'] },
    map: parcelExportMapping,
  },
  {
    ...common,
    id: 'egib-buildings',
    layer: 'buildings',
    endpoint: 'https://mapy.geoportal.gov.pl/wss/service/PZGIK/EGIB/WFS/UslugaZbiorcza',
    notes:
      'Buildings of the aggregated EGiB service (ms:budynki: ID_BUDYNKU, RODZAJ as the KŚT group, KONDYGNACJE_NADZIEMNE, ' +
      'KONDYGNACJE_PODZIEMNE). KŚT does not tell one-family from multi-family dwellings: a dwelling of up to two storeys above ground is ' +
      'served as single_family, a taller one as multi_family. Load it powiat by powiat as parts, like the parcels.',
    fetch: { kind: 'wfs', typeNames: ['ms:budynki'], sortBy: 'ID_BUDYNKU', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    map: buildingMapping,
  },
  {
    ...common,
    id: 'egib-buildings-powiat',
    layer: 'buildings',
    notes: 'A powiat WFS on a Geo-System server (ewns:budynki, the same fields); pass the powiat service URL from GUGiK\'s register of services.',
    fetch: { kind: 'wfs', typeNames: ['ewns:budynki'], sortBy: 'ID_BUDYNKU', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    map: buildingMapping,
  },
];
