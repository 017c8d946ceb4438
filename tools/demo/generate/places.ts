/**
 * Real place registers for the generator: SIMC localities (GUS TERYT, 2020) and GeoNames postcodes.
 *
 * SIMC: `WOJ;POW;GMI;RODZ_GMI;RM;MZ;NAZWA;SYM;SYMPOD;STAN_NA`, UTF-8 with BOM. WOJ+POW+GMI+RODZ_GMI is
 * the gmina code; in urban-rural gminas localities carry 4 (town) or 5 (rural area). Codes are of
 * 2020: a gmina whose type digit changed since is matched on its first 6 digits.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Locality {
  name: string;
  /** SIMC id (SYM) */
  sym: string;
  /** SIMC id of the parent locality (SYMPOD; = sym for independent localities) */
  parent: string;
  /** Locality type (RM): 01 village, 96 town, 00 part, ... */
  rm: string;
  /** RODZ_GMI: 1 urban gmina, 2 rural, 4 town of an urban-rural gmina, 5 its rural area, ... */
  rodz: string;
}

let simcCache: { dir: string; byGmina6: Map<string, Locality[]> } | null = null;

export function loadSimc(dataDir: string): Map<string, Locality[]> {
  if (simcCache?.dir === dataDir) return simcCache.byGmina6;
  const text = fs.readFileSync(path.join(dataDir, 'teryt/SIMC_Urzedowy_2020-09-26.csv'), 'utf8').replace(/^\uFEFF/, '');
  const byGmina6 = new Map<string, Locality[]>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line) continue;
    const [woj, pow, gmi, rodz, rm, , name, sym, sympod] = line.split(';');
    const key = `${woj}${pow}${gmi}`;
    const list = byGmina6.get(key) ?? [];
    list.push({ name: name!, sym: sym!, parent: sympod!, rm: rm!, rodz: rodz! });
    byGmina6.set(key, list);
  }
  for (const list of byGmina6.values()) list.sort((a, b) => (a.sym < b.sym ? -1 : a.sym > b.sym ? 1 : 0));
  simcCache = { dir: dataDir, byGmina6 };
  return byGmina6;
}

/**
 * Localities of one cadastral unit (`302109_5`): the gmina's localities of the unit's type
 * (type digit 1 -> 1, 2 -> 2, 4 -> 4, 5 -> 5); all of the gmina when none match (changed codes).
 */
export function unitLocalities(simc: Map<string, Locality[]>, unit: string): Locality[] {
  const all = simc.get(unit.slice(0, 6)) ?? [];
  const typed = all.filter((l) => l.rodz === unit.slice(7, 8));
  return typed.length > 0 ? typed : all;
}

/** The town (RM 96) of a unit, or null. */
export function unitTown(simc: Map<string, Locality[]>, unit: string): Locality | null {
  return unitLocalities(simc, unit).find((l) => l.rm === '96') ?? null;
}

export interface Postcode {
  postcode: string;
  place: string;
  voivodeship: string;
  powiat: string;
}

let postcodeCache: { dir: string; byPlace: Map<string, Postcode[]> } | null = null;

const placeKey = (name: string): string => name.toLocaleLowerCase('pl').trim();

/** GeoNames postal codes of Poland by lower-case place name. */
export function loadPostcodes(dataDir: string): Map<string, Postcode[]> {
  if (postcodeCache?.dir === dataDir) return postcodeCache.byPlace;
  const byPlace = new Map<string, Postcode[]>();
  const text = fs.readFileSync(path.join(dataDir, 'places/postcodes-PL.txt'), 'utf8');
  for (const line of text.split(/\r?\n/)) {
    const f = line.split('\t');
    if (f.length < 6 || !f[1]) continue;
    const pc: Postcode = { postcode: f[1], place: f[2]!, voivodeship: placeKey(f[3]!), powiat: placeKey(f[5]!) };
    const key = placeKey(pc.place);
    const list = byPlace.get(key) ?? [];
    list.push(pc);
    byPlace.set(key, list);
  }
  postcodeCache = { dir: dataDir, byPlace };
  return byPlace;
}

/**
 * Postcodes of a place in a voivodeship, preferring the given powiat name (GeoNames names powiats
 * without "powiat": `poznański`, or the city for cities with powiat rights).
 */
export function placePostcodes(byPlace: Map<string, Postcode[]>, place: string, voivodeshipName: string, powiatName: string): string[] {
  const list = (byPlace.get(placeKey(place)) ?? []).filter((p) => p.voivodeship === placeKey(voivodeshipName));
  const powiat = placeKey(powiatName.replace(/^powiat\s+/, ''));
  const inPowiat = list.filter((p) => p.powiat === powiat);
  return [...new Set((inPowiat.length > 0 ? inPowiat : list).map((p) => p.postcode))].sort();
}

export function sameName(a: string, b: string): boolean {
  return placeKey(a) === placeKey(b);
}
