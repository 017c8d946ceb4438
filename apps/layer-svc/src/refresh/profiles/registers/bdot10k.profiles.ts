import type { SourceProfileInput, ValueExpression } from '../source-profile.js';

/**
 * Topographic database (Baza Danych Obiektów Topograficznych, BDOT10k), published by GUGiK as one
 * zip of GML 3.2 files per powiat in the schema of the 2021 regulation (namespace
 * `urn:gugik:specyfikacje:gmlas:bazaDanychObiektowTopograficznych10k:2.0`, in force since 2024):
 * `https://opendata.geoportal.gov.pl/bdot10k/schemat2021/<voivodeship>/<powiat>_GML.zip`, listed
 * with its URL_GML in the WFS index `ms:BDOT10k_powiaty`
 * (https://mapy.geoportal.gov.pl/wss/service/PZGIK/BDOT/WFS/PobieranieBDOT10k). Each class is one
 * member `<prefix>__OT_<CLASS>_<A|L|P>.xml`; features carry flat `ot:` elements (`lokalnyId`,
 * `przestrzenNazw`, `wersja`, `kategoriaIstnienia`, then the class's own) and coordinates in
 * `urn:ogc:def:crs:EPSG::2180`, northing first. Values are words of the schema's code lists
 * (`krajowa`, `droga ekspresowa`, `budynki mieszkalne`), not the letter codes (`K`, `S`,
 * `x_kod` BUBD01) of the 2011 schema, which this profile does not read.
 */
const common = {
  register: 'BDOT10k, Baza Danych Obiektów Topograficznych (GUGiK, from the voivodeship marshal offices)',
  publishedAt: 'https://www.geoportal.gov.pl/pl/dane/baza-danych-obiektow-topograficznych-bdot10k/',
  licence: 'Free data of the national geodetic and cartographic resource (Prawo geodezyjne i kartograficzne, art. 40a ust. 2 pkt 1)',
  attribution: 'Baza Danych Obiektów Topograficznych BDOT10k, GUGiK',
  gdal: { openOptions: { WRITE_GFS: 'NO' } },
} as const;

const PACKAGE_NOTES =
  'One zip per powiat (schemat2021/<voivodeship>/<powiat>_GML.zip, URL_GML of ms:BDOT10k_powiaty); load the country powiat by powiat ' +
  'as parts. A feature is identified by przestrzenNazw/lokalnyId.';

const ID: ValueExpression = { template: '{przestrzenNazw}/{lokalnyId}' };

/** Objects not (yet or any more) in use, which the catalogue does not serve as existing. */
const NOT_IN_USE = { value: { field: 'kategoriaIstnienia', optional: true }, matches: '^(projektowany|w budowie|nieczynny|zniszczony)$' } as const;

/** A member of each class: `*` stands for the package prefix (e.g. PL.PZGiK.994.BDOT10k.3064). */
const member = (featureClass: string): string => `*__${featureClass}.xml`;

const ROAD_CLASSES: Array<[string, string]> = [
  ['^autostrada$', 'motorway'],
  ['^droga ekspresowa$', 'expressway'],
  // Both spellings occur in the code list's published texts.
  ['^droga główna ruchu przy[sś]pieszonego$', 'trunk'],
  ['^droga główna$', 'main'],
  ['^droga zbiorcza$', 'collective'],
  ['^droga lokalna$', 'local'],
  ['^droga dojazdowa$', 'access'],
  ['^(droga )?wewnętrzna$', 'internal'],
];

const roads: SourceProfileInput = {
  ...common,
  id: 'bdot10k-roads',
  layer: 'roads',
  cadence: 'quarterly',
  notes: `${PACKAGE_NOTES} Road axes (OT_SKDR_L): the kind is the technical class (klasaDrogi), else the manager category of an internal road.`,
  fetch: { kind: 'zip', members: [member('OT_SKDR_L')] },
  map: {
    id: ID,
    kind: { rules: { firstOf: [{ field: 'klasaDrogi', optional: true }, { field: 'kategoriaZarzadzania' }] }, match: ROAD_CLASSES },
    exclude: [{ ...NOT_IN_USE, reason: 'roads projected, under construction or out of use' }],
    attributes: {
      road_number: { field: 'numerDrogi', optional: true },
      road_category: {
        codes: 'kategoriaZarzadzania',
        table: { krajowa: 'national', wojewódzka: 'voivodeship', powiatowa: 'powiat', gminna: 'gmina', wewnętrzna: 'internal' },
      },
      surface: {
        rules: { field: 'materialNawierzchni', optional: true },
        match: [
          ['^(grunt|żwir|tłuczeń|piasek)', 'unpaved'],
          ['.', 'paved'],
        ],
      },
    },
  },
};

const waterways: SourceProfileInput = {
  ...common,
  id: 'bdot10k-waterways',
  layer: 'waterways',
  cadence: 'monthly',
  notes:
    `${PACKAGE_NOTES} Rivers and streams (OT_SWRS_L, told apart by rodzaj), canals (OT_SWKN_L) and drainage ditches (OT_SWRM_L); ` +
    'the MPHP watercourse id links a stretch to the hydrographic map of Wody Polskie. Lakes and reservoirs are polygons (OT_PTWP_A) and ' +
    'come into land_cover, not here.',
  fetch: { kind: 'zip', members: [member('OT_SWRS_L'), member('OT_SWKN_L'), member('OT_SWRM_L')] },
  map: {
    id: ID,
    kind: {
      rules: { firstOf: [{ template: '{_layer}|{rodzaj}' }, { field: '_layer' }] },
      match: [
        ['__OT_SWKN_L', 'canal'],
        ['__OT_SWRM_L', 'drainage_ditch'],
        ['__OT_SWRS_L\\|(strumień|potok)', 'stream'],
        ['__OT_SWRS_L', 'river'],
      ],
    },
    name: {
      firstOf: [
        { field: 'nazwaGeograficzna', optional: true },
        { field: 'nazwa', optional: true },
      ],
    },
    exclude: [{ ...NOT_IN_USE, reason: 'watercourses projected or out of use' }],
    attributes: {
      mphp_id: { field: 'idMPHP', optional: true },
    },
  },
};

/** Land-cover classes (OT_PT.._A) and the catalogue's kind of each. */
const COVER: Record<string, string> = {
  PTLZ: 'forest',
  PTUT: 'orchard',
  PTWP: 'water',
  PTZB: 'built_up',
  PTKM: 'built_up',
  PTPL: 'built_up',
  PTRK: 'shrubland',
  PTWZ: 'wetland',
  PTGN: 'bare_ground',
  PTSO: 'bare_ground',
  PTNZ: 'bare_ground',
};

const landCover: SourceProfileInput = {
  ...common,
  id: 'bdot10k-land-cover',
  layer: 'land_cover',
  cadence: 'monthly',
  notes:
    `${PACKAGE_NOTES} Every land-cover class (OT_PT.._A members) of the package; grass and crops (OT_PTTR_A) are told apart by rodzaj ` +
    '(uprawa na gruntach ornych -> arable, else grassland).',
  fetch: { kind: 'zip', members: ['*__OT_PT*_A.xml'] },
  map: {
    id: ID,
    kind: {
      rules: { firstOf: [{ template: '{_layer}|{rodzaj}' }, { field: '_layer' }] },
      match: [
        ['__OT_PTTR_A\\|uprawa na gruntach ornych', 'arable'],
        ['__OT_PTTR_A', 'grassland'],
        ...Object.entries(COVER).map(([code, kind]): [string, string] => [`__OT_${code}_A`, kind]),
      ],
    },
    attributes: {
      class_code: { rules: { field: '_layer' }, match: [...Object.keys(COVER), 'PTTR'].map((code): [string, string] => [`__OT_${code}_A$`, code]) },
      area_sqm: { geometryArea: true },
    },
  },
};

const buildings: SourceProfileInput = {
  ...common,
  id: 'bdot10k-buildings',
  layer: 'buildings',
  cadence: 'quarterly',
  notes:
    `${PACKAGE_NOTES} Buildings (OT_BUBD_A): the kind follows the prevailing detailed function (przewazajacaFunkcjaBudynku), else the ` +
    'general one (funkcjaOgolnaBudynku, the KŚOB group kept as function); building_id is the EGiB building id BDOT10k links to, when ' +
    'it has one. A building under construction is served with status under_construction.',
  fetch: { kind: 'zip', members: [member('OT_BUBD_A')] },
  map: {
    id: ID,
    kind: {
      rules: { firstOf: [{ template: '{przewazajacaFunkcjaBudynku}|{funkcjaOgolnaBudynku}' }, { template: '|{funkcjaOgolnaBudynku}' }] },
      match: [
        ['^budynek jednorodzinny\\|', 'single_family'],
        ['^(budynek wielorodzinny|budynek zbiorowego zamieszkania)\\|', 'multi_family'],
        ['^garaż\\|', 'garage'],
        // A dwelling without a detailed function (a summer house, a farmhouse) is a one-family house.
        ['\\|budynki mieszkalne$', 'single_family'],
        ['\\|budynki biurowe$', 'office'],
        ['\\|budynki handlowo-usługowe$', 'commercial'],
        ['\\|budynki przemysłowe$', 'industrial'],
        ['\\|zbiorniki, silosy i budynki magazynowe$', 'warehouse'],
        ['\\|budynki produkcyjne, usługowe i gospodarcze dla rolnictwa$', 'agricultural'],
        ['\\|budynki (oświaty, nauki i kultury oraz budynki sportowe|szpitali i inne budynki opieki zdrowotnej)$', 'public'],
        ['\\|', 'other'],
      ],
    },
    name: { field: 'nazwa', optional: true },
    exclude: [
      {
        value: { field: 'kategoriaIstnienia', optional: true },
        matches: '^(projektowany|nieczynny|zniszczony)$',
        reason: 'buildings projected, ruined or out of use',
      },
    ],
    attributes: {
      building_id: { field: 'identyfikatorEGiB', optional: true },
      function: { field: 'funkcjaOgolnaBudynku' },
      floors: { field: 'liczbaKondygnacji' },
      area_sqm: { geometryArea: true },
      status: { codes: { field: 'kategoriaIstnienia', optional: true }, table: { eksploatowany: 'existing', 'w budowie': 'under_construction' } },
    },
  },
};

/**
 * Overhead power lines (OT_SULN_L). BDOT10k states the voltage class (rodzaj), not the voltage:
 * voltage_kv is the lowest voltage of the class (220 kV for the highest, 110 kV for high, 15 kV for
 * medium), so a search for lines of at least 110 kV finds every high and extra-high line.
 */
const VOLTAGE_CLASSES: Array<[string, string, number]> = [
  ['najwyższego napięcia', 'ehv_line', 220],
  ['wysokiego napięcia', 'hv_line', 110],
  ['średniego napięcia', 'mv_line', 15],
];

const powerLines: SourceProfileInput = {
  ...common,
  id: 'bdot10k-power-lines',
  layer: 'power_lines',
  cadence: 'monthly',
  notes:
    `${PACKAGE_NOTES} BDOT10k gives a voltage class, not a voltage: voltage_kv is the lowest of the class (220, 110, 15 kV). ` +
    'Low-voltage and telecommunication lines are left out (the catalogue has no kind for them); underground cables are not in BDOT10k.',
  fetch: { kind: 'zip', members: [member('OT_SULN_L')] },
  map: {
    id: ID,
    kind: { rules: { field: 'rodzaj' }, match: VOLTAGE_CLASSES.map(([words, kind]): [string, string] => [`${words}$`, kind]) },
    exclude: [
      {
        value: { field: 'rodzaj' },
        matches: '(niskiego napięcia|telekomunikacyjna)$',
        reason: 'low-voltage and telecommunication lines, which the catalogue has no kind for',
      },
      { ...NOT_IN_USE, reason: 'lines projected, under construction or out of use' },
    ],
    attributes: {
      voltage_kv: { rules: { field: 'rodzaj' }, match: VOLTAGE_CLASSES.map(([words, , kv]): [string, string] => [`${words}$`, String(kv)]) },
    },
  },
};

export const BDOT10K_PROFILES: SourceProfileInput[] = [roads, waterways, landCover, buildings, powerLines];
