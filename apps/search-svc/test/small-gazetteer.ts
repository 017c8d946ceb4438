import { foldPolish } from '@lp/geo';
import { REGION_ALIASES } from '../src/natural-language/lexicon/region-aliases.js';
import { Gazetteer } from '../src/natural-language/places/gazetteer.js';
import type { PlaceRow } from '../src/natural-language/places/place-row.js';

const VOIVODESHIPS: Record<string, string> = { '12': 'małopolskie', '14': 'mazowieckie', '24': 'śląskie', '28': 'warmińsko-mazurskie', '30': 'wielkopolskie' };
const POWIATS: Record<string, [string, string]> = {
  '1206': ['powiat krakowski', 'powiat'],
  '1261': ['powiat Kraków', 'miasto na prawach powiatu'],
  '1465': ['powiat Warszawa', 'miasto na prawach powiatu'],
  '2404': ['powiat częstochowski', 'powiat'],
  '2804': ['powiat elbląski', 'powiat'],
  '2814': ['powiat olsztyński', 'powiat'],
  '2815': ['powiat ostródzki', 'powiat'],
  '2861': ['powiat Elbląg', 'miasto na prawach powiatu'],
  '2862': ['powiat Olsztyn', 'miasto na prawach powiatu'],
  '3021': ['powiat poznański', 'powiat'],
  '3064': ['powiat Poznań', 'miasto na prawach powiatu'],
};
const GMINA_TYPES: Record<string, string> = { '1': 'gmina miejska', '2': 'gmina wiejska', '3': 'gmina miejsko-wiejska' };
const GMINAS: Record<string, string> = {
  '1206113': 'Skawina',
  '1261011': 'Kraków',
  '1465011': 'Warszawa',
  '2404123': 'Olsztyn',
  '2804012': 'Elbląg',
  '2814112': 'Stawiguda',
  '2815011': 'Ostróda',
  '2815092': 'Ostróda',
  '2861011': 'Elbląg',
  '2862011': 'Olsztyn',
  '3021093': 'Kórnik',
  '3021152': 'Suchy Las',
  '3021163': 'Swarzędz',
  '3064011': 'Poznań',
};
/** [name, SIMC type, gmina]. */
const LOCALITIES: Array<[string, string, string]> = [
  ['Zalasewo', 'wieś', '3021163'],
  ['Kórnik', 'miasto', '3021093'],
  ['Nowa Wieś', 'wieś', '3021163'],
  ['Nowa Wieś', 'wieś', '2814112'],
  ['Mokotów', 'dzielnica', '1465011'],
  ['Kraków-Nowa Huta', 'delegatura', '1261011'],
  ['Olsztyn', 'wieś', '2404123'],
];

function parentLabel(teryt: string): string {
  return `${POWIATS[teryt.slice(0, 4)]![0]}, ${VOIVODESHIPS[teryt.slice(0, 2)]}`;
}

/** Rows as geocode_pub.places serves them, for a handful of real units (codes and names as in TERYT). */
export function smallPlaceRows(): PlaceRow[] {
  const rows: PlaceRow[] = [];
  for (const [teryt, name] of Object.entries(VOIVODESHIPS)) {
    rows.push({ place_id: teryt, kind: 'voivodeship', name, name_folded: foldPolish(name), unit_type: 'województwo', teryt, parent_teryt: null, label: `${name} — województwo` });
  }
  for (const [teryt, [name, type]] of Object.entries(POWIATS)) {
    rows.push({ place_id: teryt, kind: 'powiat', name, name_folded: foldPolish(name), unit_type: type, teryt, parent_teryt: teryt.slice(0, 2), label: `${name} — ${type}, ${VOIVODESHIPS[teryt.slice(0, 2)]}` });
  }
  for (const [teryt, name] of Object.entries(GMINAS)) {
    const type = GMINA_TYPES[teryt.slice(6)]!;
    rows.push({ place_id: teryt, kind: 'gmina', name, name_folded: foldPolish(name), unit_type: type, teryt, parent_teryt: teryt.slice(0, 4), label: `${name} — ${type}, ${parentLabel(teryt)}` });
  }
  LOCALITIES.forEach(([name, type, gmina], index) => {
    rows.push({
      place_id: `simc:${String(index).padStart(7, '0')}`,
      kind: 'locality',
      name,
      name_folded: foldPolish(name),
      unit_type: type,
      teryt: gmina,
      parent_teryt: gmina,
      label: `${name} — ${type}, gmina ${GMINAS[gmina]}, ${parentLabel(gmina)}`,
    });
  });
  return rows;
}

export function smallGazetteer(): Gazetteer {
  return new Gazetteer(smallPlaceRows(), REGION_ALIASES, 'test');
}
