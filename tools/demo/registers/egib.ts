/**
 * The demo's parcels and buildings as the EGiB WFS answers them: one saved GetFeature answer of
 * GUGiK's aggregated service per feature type (`ms:dzialki`, `ms:budynki`; MapServer, WFS 2.0,
 * GML 3.2, EPSG:2180 northing first), laid out as the fixtures of the egib profiles
 * (apps/layer-svc/test/fixtures/registers/egib, whose README says where the shape comes from).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { boundedBy, element, geometryGml } from './gml.js';
import type { DemoFeature } from './read-layer.js';

const HEADER = (count: number, timeStamp: string): string =>
  `<?xml version='1.0' encoding="UTF-8" ?>\n<wfs:FeatureCollection\n   xmlns:ms="http://mapserver.gis.umn.edu/mapserver"\n` +
  `   xmlns:gml="http://www.opengis.net/gml/3.2"\n   xmlns:wfs="http://www.opengis.net/wfs/2.0"\n` +
  `   timeStamp="${timeStamp}" numberMatched="unknown" numberReturned="${count}">\n`;

/** Names the EGiB answer carries beside the ids (precinct and gmina), looked up from the demo's own layers. */
export interface EgibNames {
  precinct: ReadonlyMap<string, string>;
  gmina: ReadonlyMap<string, string>;
}

/**
 * Square metres as hectares, exactly (decimal digits moved, not a float divided): the profile
 * multiplies POLE_EWIDENCYJNE back by 10,000 in numeric, so the served area is the demo's own.
 */
export function hectares(squareMetres: number): string {
  const [whole, fraction = ''] = String(squareMetres).split('.');
  const digits = whole!.replace('-', '').padStart(5, '0');
  const text = `${digits.slice(0, -4)}.${digits.slice(-4)}${fraction}`;
  return `${whole!.startsWith('-') ? '-' : ''}${text}`;
}

function member(type: string, gmlId: string, feature: DemoFeature, fields: Array<[string, unknown]>): string {
  return (
    `    <wfs:member>\n      <ms:${type} gml:id="${gmlId}">\n        ${boundedBy(feature.geometry)}\n` +
    `        <ms:msGeometry>${geometryGml(feature.geometry, `${gmlId}.1`)}</ms:msGeometry>\n` +
    fields.map(([name, value]) => `        ${element(`ms:${name}`, value)}\n`).join('') +
    `      </ms:${type}>\n    </wfs:member>\n`
  );
}

function writeAnswer(
  path: string,
  type: string,
  features: readonly DemoFeature[],
  timeStamp: string,
  fields: (feature: DemoFeature) => Array<[string, unknown]>,
): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, HEADER(features.length, timeStamp));
    let chunk: string[] = [];
    for (const [index, feature] of features.entries()) {
      chunk.push(member(type, `${type}.${index + 1}`, feature, fields(feature)));
      if (chunk.length === 1000) {
        writeSync(fd, chunk.join(''));
        chunk = [];
      }
    }
    writeSync(fd, `${chunk.join('')}</wfs:FeatureCollection>\n`);
  } finally {
    closeSync(fd);
  }
}

/** `ms:dzialki`: the fields of the regulation on EGiB as the aggregated service serves them. */
export function writeParcels(path: string, features: readonly DemoFeature[], names: EgibNames, asOf: string): void {
  writeAnswer(path, 'dzialki', features, `${asOf}T00:00:00`, (feature) => {
    const p = feature.properties;
    const id = String(p['parcel_id'] ?? p.id);
    const precinct = String(p['precinct_id']);
    return [
      ['ID_DZIALKI', id],
      ['NUMER_DZIALKI', p['parcel_number']],
      ['NAZWA_OBREBU', names.precinct.get(precinct)],
      ['NUMER_OBREBU', precinct.slice(9, 13)],
      // The unit without the voivodeship and powiat: 306401_1 -> 01_1.
      ['NUMER_JEDNOSTKI', precinct.slice(4, 8)],
      ['NAZWA_GMINY', p.teryt ? names.gmina.get(p.teryt) : undefined],
      ['POLE_EWIDENCYJNE', typeof p['area_sqm'] === 'number' ? hectares(p['area_sqm']) : undefined],
      ['KLASOUZYTKI_EGIB', p['land_use_classes']],
      ['GRUPA_REJESTROWA', undefined],
      ['DATA', `${asOf} 00:00:00`],
    ];
  });
}

/**
 * The group of the classification of fixed assets (KŚT) EGiB states as a building's RODZAJ, in the
 * words GUGiK's aggregated service serves, for each kind of the demo's buildings. KŚT has one
 * group for dwellings and puts garages among transport buildings, so EGiB tells neither a garage
 * nor a one-family from a multi-family house (the profile takes up to two storeys as one-family).
 */
const KST_GROUP: Readonly<Record<string, string>> = {
  single_family: 'budynki mieszkalne',
  multi_family: 'budynki mieszkalne',
  commercial: 'budynki handlowo-usługowe',
  office: 'budynki biurowe',
  industrial: 'budynki przemysłowe',
  warehouse: 'zbiorniki, silosy i budynki magazynowe',
  agricultural: 'budynki produkcyjne, usługowe i gospodarcze dla rolnictwa',
  public: 'budynki oświaty, nauki i kultury oraz budynki sportowe',
  garage: 'budynki transportu i łączności',
  other: 'inne budynki niemieszkalne',
};

/** `ms:budynki`: id, the KŚT group in words (RODZAJ) and the storeys above and below ground. */
export function writeBuildings(path: string, features: readonly DemoFeature[], asOf: string): void {
  writeAnswer(path, 'budynki', features, `${asOf}T00:00:00`, (feature) => {
    const p = feature.properties;
    const group = KST_GROUP[p.kind];
    if (!group) throw new Error(`buildings: no KŚT group for the kind ${p.kind} (${p.id})`);
    return [
      ['ID_BUDYNKU', p['building_id'] ?? p.id],
      ['RODZAJ', group],
      ['KONDYGNACJE_NADZIEMNE', p['floors']],
      ['KONDYGNACJE_PODZIEMNE', p['floors_underground']],
    ];
  });
}
