import { registrationGroup, ZONING_CATEGORY_GROUPS, findLayer, type OwnershipGroupsFilter, type ExcludeFilter, type FarFilter, type NearFilter, type SearchParcelsRequest } from '@lp/contracts';
import type { Language } from '../lexicon/meanings.js';
import { formatArea, formatDistance, formatNumber, quote } from './format.js';

type Words = { pl: string; en: string };

/** What a kind of feature is called after "near" (Polish genitive). */
const KIND_NAMES: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  transport_stops: {
    bus: { pl: 'przystanku autobusowego', en: 'a bus stop' },
    tram: { pl: 'przystanku tramwajowego', en: 'a tram stop' },
    rail: { pl: 'stacji lub przystanku kolejowego', en: 'a railway station' },
    metro: { pl: 'stacji metra', en: 'a metro station' },
  },
  services_poi: {
    school: { pl: 'szkoły', en: 'a school' },
    kindergarten: { pl: 'przedszkola', en: 'a kindergarten' },
    nursery: { pl: 'żłobka', en: 'a nursery' },
    shop: { pl: 'sklepu', en: 'a shop' },
    supermarket: { pl: 'supermarketu', en: 'a supermarket' },
    clinic: { pl: 'przychodni', en: 'a clinic' },
    hospital: { pl: 'szpitala', en: 'a hospital' },
    pharmacy: { pl: 'apteki', en: 'a pharmacy' },
    fire_station: { pl: 'remizy straży pożarnej', en: 'a fire station' },
    police: { pl: 'komisariatu lub posterunku policji', en: 'a police station' },
  },
  waterways: {
    river: { pl: 'rzeki', en: 'a river' },
    canal: { pl: 'kanału', en: 'a canal' },
    lake: { pl: 'jeziora', en: 'a lake' },
    reservoir: { pl: 'zbiornika wodnego', en: 'a reservoir' },
    stream: { pl: 'strumienia', en: 'a stream' },
  },
  roads: {
    motorway: { pl: 'autostrady', en: 'a motorway' },
    expressway: { pl: 'drogi ekspresowej', en: 'an expressway' },
    trunk: { pl: 'drogi głównej ruchu przyspieszonego (GP)', en: 'a trunk road (GP)' },
  },
  power_lines: {
    mv_line: { pl: 'linii średniego napięcia', en: 'a medium-voltage line' },
    mv_cable: { pl: 'kabla średniego napięcia', en: 'a medium-voltage cable' },
    hv_line: { pl: 'linii 110 kV', en: 'a 110 kV line' },
    ehv_line: { pl: 'linii najwyższych napięć', en: 'an extra-high-voltage line' },
  },
  land_cover: { forest: { pl: 'lasu', en: 'forest' }, orchard: { pl: 'sadu', en: 'orchard' } },
  buildings: {
    warehouse: { pl: 'budynku magazynowego', en: 'a warehouse' },
    single_family: { pl: 'domu jednorodzinnego', en: 'a single-family house' },
    multi_family: { pl: 'budynku wielorodzinnego', en: 'a multi-family building' },
  },
  oze_installations: {
    wind: { pl: 'farmy wiatrowej lub turbiny', en: 'a wind farm or turbine' },
    solar: { pl: 'farmy fotowoltaicznej', en: 'a solar farm' },
    biogas: { pl: 'biogazowni', en: 'a biogas plant' },
  },
  ev_chargers: {
    ac: { pl: 'ładowarki AC', en: 'an AC charger' },
    dc_fast: { pl: 'szybkiej ładowarki DC', en: 'a DC fast charger' },
    hpc: { pl: 'ładowarki dużej mocy (HPC)', en: 'a high-power charger (HPC)' },
  },
};

const LAYER_NAMES: Readonly<Record<string, Words>> = {
  power_substations: { pl: 'stacji elektroenergetycznej', en: 'a substation' },
  transport_stops: { pl: 'przystanku komunikacji publicznej', en: 'a public transport stop' },
  services_poi: { pl: 'usług', en: 'services' },
  waterways: { pl: 'wody', en: 'water' },
  roads: { pl: 'drogi publicznej', en: 'a public road' },
  planned_roads: { pl: 'planowanej drogi', en: 'a planned road' },
  ev_chargers: { pl: 'stacji ładowania pojazdów elektrycznych', en: 'an EV charging station' },
  oze_installations: { pl: 'instalacji OZE', en: 'a renewable-energy installation' },
  data_centers: { pl: 'centrum danych', en: 'a data centre' },
  buildings: { pl: 'budynku', en: 'a building' },
  power_lines: { pl: 'linii energetycznej', en: 'a power line' },
  land_cover: { pl: 'terenu', en: 'land cover' },
};

const ENV_PARTS: ReadonlyArray<{ kinds: readonly string[]; words: Words }> = [
  { kinds: ['natura2000_habitat', 'natura2000_birds'], words: { pl: 'Natura 2000', en: 'Natura 2000' } },
  { kinds: ['national_park'], words: { pl: 'parków narodowych', en: 'national parks' } },
  { kinds: ['landscape_park'], words: { pl: 'parków krajobrazowych', en: 'landscape parks' } },
  { kinds: ['nature_reserve'], words: { pl: 'rezerwatów', en: 'nature reserves' } },
  { kinds: ['flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct'], words: { pl: 'stref zalewowych (10 %, 1 %, 0,2 %)', en: 'flood zones (10 %, 1 %, 0.2 %)' } },
  { kinds: ['flood_risk_10pct', 'flood_risk_1pct'], words: { pl: 'stref zalewowych (10 %, 1 %)', en: 'flood zones (10 %, 1 %)' } },
];

const ZONING_GROUP_NAMES: Readonly<Record<string, Words>> = {
  residential: { pl: 'mieszkaniowe (MN, MW, MN/U)', en: 'residential (MN, MW, MN/U)' },
  commercial: { pl: 'usługowo-handlowe (U, MN/U)', en: 'commercial (U, MN/U)' },
  services: { pl: 'usługowe (U, UP, MN/U)', en: 'services (U, UP, MN/U)' },
  industrial: { pl: 'przemysłowe (P, PU, P/U, U/P)', en: 'industrial (P, PU, P/U, U/P)' },
  buildable: {
    pl: 'budowlane: strefa mieszkaniowa lub usługowa planu miejscowego albo strefa obowiązującego planu ogólnego dopuszczająca zabudowę',
    en: 'buildable: a residential or services local-plan zone, or a zone of a general plan in force that allows building',
  },
  agricultural: { pl: 'rolne (R)', en: 'agricultural (R)' },
};

export const SIGNAL_NAMES: Readonly<Record<string, Words>> = {
  grid_capacity_mw: { pl: 'moc przyłączeniowa', en: 'grid capacity' },
  grid_distance_km: { pl: 'odległość od stacji 110 kV', en: 'distance to a 110 kV substation' },
  area: { pl: 'powierzchnia', en: 'area' },
  solar_yield_kwh_kwp: { pl: 'uzysk PV', en: 'solar yield' },
  slope_pct: { pl: 'nachylenie', en: 'slope' },
  transit_distance_m: { pl: 'odległość od przystanku', en: 'distance to a stop' },
  water_distance_m: { pl: 'odległość od wody', en: 'distance to water' },
  floors: { pl: 'liczba kondygnacji', en: 'floors' },
  price_per_sqm_pln: { pl: 'cena gruntu za m² w gminie', en: 'land price per m² in the gmina' },
};

const say = (words: Words, lang: Language): string => words[lang];
const joinWords = (parts: string[], lang: Language): string => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${lang === 'pl' ? 'i' : 'and'} ${parts[parts.length - 1]}`);

/** What a near filter is near: "szkoły", "a 110 kV line", "drogi A2". */
export function nearObject(near: Pick<NearFilter, 'layer' | 'kinds' | 'where'>, lang: Language): string {
  const where = near.where ?? {};
  if (near.layer === 'roads' && typeof where['road_number_eq'] === 'string') return lang === 'pl' ? `drogi ${where['road_number_eq']}` : `road ${where['road_number_eq']}`;
  if (near.layer === 'roads' && where['road_category_eq'] === 'national') return lang === 'pl' ? 'drogi krajowej' : 'a national road';
  if (near.layer === 'roads' && where['road_category_eq'] === 'voivodeship') return lang === 'pl' ? 'drogi wojewódzkiej' : 'a voivodeship road';
  if (near.layer === 'power_lines' && typeof where['voltage_kv_eq'] === 'number') return lang === 'pl' ? `linii ${where['voltage_kv_eq']} kV` : `a ${where['voltage_kv_eq']} kV line`;
  if (near.layer === 'waterways' && (where['name_eq'] !== undefined || where['name_in'] !== undefined)) return namedWater(near, lang);
  const names = KIND_NAMES[near.layer];
  const kinds = near.kinds ?? [];
  const named = kinds.map((kind) => names?.[kind]).filter((words): words is Words => words !== undefined);
  if (named.length > 0 && named.length === kinds.length && !(near.layer === 'roads' && kinds.length > 2) && !(near.layer === 'waterways' && kinds.length > 2)) {
    return named.map((words) => say(words, lang)).join(lang === 'pl' ? ' lub ' : ' or ');
  }
  if (near.layer === 'roads' && kinds.length === 3 && ['motorway', 'expressway', 'trunk'].every((kind) => kinds.includes(kind))) {
    return lang === 'pl' ? 'drogi głównej: autostrady, ekspresowej lub GP' : 'a trunk road (motorway, expressway or GP)';
  }
  if (near.layer === 'waterways' && kinds.length > 2) return lang === 'pl' ? 'rzeki, kanału, jeziora lub zbiornika' : 'a river, canal, lake or reservoir';
  const layerWords = LAYER_NAMES[near.layer];
  return layerWords ? say(layerWords, lang) : (findLayer(near.layer)?.name ?? near.layer);
}

/** A water meant by its name: "rzeki Warta", "jeziora „Jezioro Kierskie”", "the river Warta". */
function namedWater(near: Pick<NearFilter, 'kinds' | 'where'>, lang: Language): string {
  const where = near.where ?? {};
  const names = where['name_eq'] !== undefined ? [String(where['name_eq'])] : (where['name_in'] as unknown[]).map(String);
  const kinds = near.kinds ?? [];
  const kind = kinds.length === 1 ? KIND_NAMES['waterways']?.[kinds[0]!] : kinds.every((k) => k === 'river' || k === 'stream') && kinds.length > 0 ? KIND_NAMES['waterways']?.['river'] : undefined;
  const what = kind ? say(kind, lang).replace(/^an? /, '') : lang === 'pl' ? 'wody' : 'water';
  const quoted = names.map((name) => quote(name, lang)).join(lang === 'pl' ? ' lub ' : ' or ');
  return lang === 'pl' ? `${what} ${quoted}` : `the ${what} ${quoted}`;
}

/** Names of features, by id, that the interpretation anchored a distance to. */
export type AnchorNames = ReadonlyMap<string, string>;

/** Named anchors in words: their names where known, else their ids ("Kromolice 400/110kV"). */
function anchorsInWords(layer: string, ids: readonly string[], names: AnchorNames | undefined, lang: Language): string {
  const known = [...new Set(ids.map((id) => names?.get(id)).filter((name): name is string => name !== undefined))];
  if (known.length > 0) return known.join(', ');
  return lang === 'pl' ? `obiektu ${ids.join(', ')} warstwy ${layer}` : `feature ${ids.join(', ')} of ${layer}`;
}

/** One minimum-distance filter in words. */
export function describeFar(far: FarFilter, lang: Language, names?: AnchorNames): string {
  const beyond = formatDistance(far.beyond_m, lang);
  if (far.ids) return lang === 'pl' ? `co najmniej ${beyond} od: ${anchorsInWords(far.layer, far.ids, names, lang)}` : `at least ${beyond} from ${anchorsInWords(far.layer, far.ids, names, lang)}`;
  const kv = far.layer === 'power_substations' ? far.where?.['voltage_kv_gte'] : undefined;
  const voltage = typeof kv === 'number' ? (lang === 'pl' ? ` o napięciu co najmniej ${kv} kV` : ` of at least ${kv} kV`) : '';
  const object = far.layer === 'power_substations' ? (lang === 'pl' ? 'każdej stacji elektroenergetycznej' : 'every substation') : nearObject(far, lang);
  return lang === 'pl' ? `co najmniej ${beyond} od ${object}${voltage}` : `at least ${beyond} from ${object}${voltage}`;
}

/** One near filter in words. */
export function describeNear(near: NearFilter, lang: Language, names?: AnchorNames): string {
  const where = near.where ?? {};
  const within = formatDistance(near.within_m, lang);
  if (near.ids) return lang === 'pl' ? `najwyżej ${within} od: ${anchorsInWords(near.layer, near.ids, names, lang)}` : `within ${within} of ${anchorsInWords(near.layer, near.ids, names, lang)}`;
  switch (near.layer) {
    case 'power_substations': {
      const kv = where['voltage_kv_gte'];
      const voltage = typeof kv === 'number' ? (lang === 'pl' ? ` o napięciu co najmniej ${kv} kV` : ` of at least ${kv} kV`) : '';
      return lang === 'pl' ? `najwyżej ${within} do stacji elektroenergetycznej${voltage}` : `within ${within} of a substation${voltage}`;
    }
    case 'grid_capacity': {
      const mw = formatNumber(Number(where['available_mw_gte'] ?? 0), lang);
      return lang === 'pl' ? `dostępna moc przyłączeniowa co najmniej ${mw} MW w promieniu ${within}` : `available grid capacity of at least ${mw} MW within ${within}`;
    }
    case 'solar_irradiance': {
      const yieldValue = where['yield_kwh_kwp_gte'];
      return lang === 'pl' ? `uzysk PV co najmniej ${yieldValue} kWh/kWp` : `solar yield of at least ${yieldValue} kWh/kWp`;
    }
    case 'kowr_land':
      return lang === 'pl' ? 'na gruntach Zasobu Własności Rolnej Skarbu Państwa (KOWR)' : 'on state agricultural land (KOWR)';
    case 'buildings': {
      // the scenarios' "an existing building of at most N floors"; any other building filter is a distance
      const floors = where['floors_lte'];
      if (floors === undefined) return withinOf(near, within, lang);
      return lang === 'pl' ? `z istniejącym budynkiem o najwyżej ${floors} kondygnacjach` : `with an existing building of at most ${floors} floors`;
    }
    default:
      return withinOf(near, within, lang);
  }
}

/** "najwyżej 1 km od szkoły", "on a KOWR parcel": a near filter by its distance and what it is near. */
function withinOf(near: NearFilter, within: string, lang: Language): string {
  if (near.within_m === 0) return lang === 'pl' ? `na terenie: ${nearObject(near, lang)}` : `on ${nearObject(near, lang)}`;
  return lang === 'pl' ? `najwyżej ${within} od ${nearObject(near, lang)}` : `within ${within} of ${nearObject(near, lang)}`;
}

/** One exclude filter in words. */
export function describeExclude(exclude: ExcludeFilter, lang: Language): string {
  const buffer = exclude.buffer_m ? (lang === 'pl' ? ` (z odstępem ${formatDistance(exclude.buffer_m, lang)})` : `, keeping ${formatDistance(exclude.buffer_m, lang)} away`) : '';
  switch (exclude.layer) {
    case 'env_layers': {
      let kinds = [...(exclude.kinds ?? [])];
      const parts: string[] = [];
      for (const part of ENV_PARTS) {
        if (part.kinds.every((kind) => kinds.includes(kind))) {
          parts.push(say(part.words, lang));
          kinds = kinds.filter((kind) => !part.kinds.includes(kind));
        }
      }
      parts.push(...kinds.map((kind) => kind.replace(/_/g, ' ')));
      const list = exclude.kinds ? joinWords(parts, lang) : lang === 'pl' ? 'obszarów chronionych i zalewowych' : 'protected and flood areas';
      return lang === 'pl' ? `poza obszarami: ${list}${buffer}` : `outside ${list}${buffer}`;
    }
    case 'land_cover': {
      const names = (exclude.kinds ?? []).map((kind) => KIND_NAMES['land_cover']?.[kind]?.[lang] ?? kind);
      return lang === 'pl' ? `poza terenem: ${joinWords(names, lang)}${buffer}` : `not ${joinWords(names, lang).replace(' and ', ' or ')}${buffer}`;
    }
    case 'wind_exclusion':
      return lang === 'pl' ? `poza ustawowymi strefami odległości dla wiatraków${buffer}` : `outside the statutory wind-turbine setbacks${buffer}`;
    case 'kowr_land':
      return lang === 'pl' ? `poza gruntami KOWR (prawo pierwokupu)${buffer}` : `not on state agricultural land (KOWR pre-emption)${buffer}`;
    case 'heritage_sites':
      return lang === 'pl' ? `poza zabytkami rejestrowymi${buffer}` : `not on a registered monument${buffer}`;
    case 'mining_areas':
      return lang === 'pl' ? `poza terenami górniczymi${buffer}` : `outside mining areas${buffer}`;
    default:
      return lang === 'pl' ? `poza: ${findLayer(exclude.layer)?.name ?? exclude.layer}${buffer}` : `away from ${findLayer(exclude.layer)?.name ?? exclude.layer}${buffer}`;
  }
}

/** The zoning filter in words. */
export function describeZoning(zoning: NonNullable<NonNullable<SearchParcelsRequest['filters']>['zoning']>, lang: Language): string {
  const parts: string[] = [];
  if (zoning.categories) {
    const group = Object.entries(ZONING_CATEGORY_GROUPS).find(
      ([name, categories]) => ZONING_GROUP_NAMES[name] && categories.length === zoning.categories!.length && categories.every((c) => zoning.categories!.includes(c)),
    );
    parts.push(group ? say(ZONING_GROUP_NAMES[group[0]]!, lang) : zoning.categories.join(', '));
  }
  if (zoning.buildable) parts.push(say(ZONING_GROUP_NAMES['buildable']!, lang));
  if (zoning.symbols) parts.push(lang === 'pl' ? `symbol planu ${zoning.symbols.join(', ')}` : `plan symbol ${zoning.symbols.join(', ')}`);
  const plan = zoning.require_plan
    ? lang === 'pl'
      ? 'tylko w planie miejscowym (MPZP)'
      : 'in a local plan (MPZP) only'
    : lang === 'pl'
      ? 'w planie miejscowym lub ogólnym'
      : 'in a local or general plan';
  const what = parts.length > 0 ? parts.join('; ') : lang === 'pl' ? 'dowolne' : 'any';
  return lang === 'pl' ? `przeznaczenie ${what}, ${plan}` : `zoning ${what}, ${plan}`;
}

const LAND_USE_NAMES: Readonly<Record<string, Words>> = {
  agricultural: { pl: 'rolne (klasy EGiB R, Ł, Ps, S; pokrycie terenu)', en: 'agricultural (EGiB classes R, Ł, Ps, S; land cover)' },
  arable: { pl: 'grunty orne', en: 'arable land' },
  grassland: { pl: 'łąki i pastwiska', en: 'meadows and pastures' },
  orchard: { pl: 'sady', en: 'orchards' },
  forest: { pl: 'lasy', en: 'forest' },
};

/** The land-use filter in words. */
export function describeLandUse(landUse: NonNullable<NonNullable<SearchParcelsRequest['filters']>['land_use']>, lang: Language): string {
  const names = (kinds: readonly string[]): string => kinds.map((k) => {
      const words = LAND_USE_NAMES[k];
      return words ? say(words, lang) : k;
    }).join(', ');
  const parts: string[] = [];
  if (landUse.kinds) parts.push(lang === 'pl' ? `użytkowanie gruntu: ${names(landUse.kinds)}` : `land use: ${names(landUse.kinds)}`);
  if (landUse.exclude_kinds) parts.push(lang === 'pl' ? `bez gruntów: ${names(landUse.exclude_kinds)}` : `no land of: ${names(landUse.exclude_kinds)}`);
  return parts.join('; ');
}

/** Every filter and the ranking of a request, one line each, in the request's language. */
export function describeRequest(request: SearchParcelsRequest, lang: Language, names?: AnchorNames): string[] {
  const lines: string[] = [];
  const filters = request.filters ?? {};
  const area = filters.area_sqm;
  if (area?.min !== undefined && area.max !== undefined) {
    lines.push(lang === 'pl' ? `powierzchnia od ${formatArea(area.min, lang)} do ${formatArea(area.max, lang)}` : `area from ${formatArea(area.min, lang)} to ${formatArea(area.max, lang)}`);
  } else if (area?.min !== undefined) {
    lines.push(lang === 'pl' ? `powierzchnia co najmniej ${formatArea(area.min, lang)}` : `area at least ${formatArea(area.min, lang)}`);
  } else if (area?.max !== undefined) {
    lines.push(lang === 'pl' ? `powierzchnia najwyżej ${formatArea(area.max, lang)}` : `area at most ${formatArea(area.max, lang)}`);
  }
  if (filters.zoning) lines.push(describeZoning(filters.zoning, lang));
  if (filters.land_use) lines.push(describeLandUse(filters.land_use, lang));
  if (filters.slope_pct) lines.push(lang === 'pl' ? `średnie nachylenie najwyżej ${formatNumber(filters.slope_pct.max, lang)} %` : `mean slope at most ${formatNumber(filters.slope_pct.max, lang)} %`);
  if (filters.vacant !== undefined) {
    lines.push(filters.vacant ? (lang === 'pl' ? 'niezabudowana (bez budynków)' : 'vacant (no building on it)') : lang === 'pl' ? 'z budynkiem' : 'with a building on it');
  }
  if (filters.ownership_groups) lines.push(describeOwnership(filters.ownership_groups, lang));
  for (const near of filters.near ?? []) lines.push(describeNear(near, lang, names));
  for (const exclude of filters.exclude ?? []) lines.push(describeExclude(exclude, lang));
  for (const far of filters.far ?? []) lines.push(describeFar(far, lang, names));
  for (const nearAny of filters.near_any ?? []) lines.push(nearAny.any_of.map((near) => describeNear(near, lang, names)).join(lang === 'pl' ? ' lub ' : ' or '));
  if (filters.not_contaminated) {
    lines.push(lang === 'pl' ? 'teren nieskażony (nie sprawdzono: brak danych o zanieczyszczeniu gleby)' : 'not contaminated (not checked: no data on soil contamination)');
  }
  if (filters.price_estimate_pln) lines.push(describePriceEstimate(filters.price_estimate_pln, lang));
  if (filters.no_kowr_pre_emption) {
    lines.push(lang === 'pl' ? 'bez prawa pierwokupu KOWR (grunt rolny od 0,3 ha poza planem na inny cel)' : 'no KOWR pre-emption right (agricultural land of 0.3 ha or more not planned for another use)');
  }
  if (request.rank_by && request.rank_by.length > 0) {
    const signals = request.rank_by.map((rank) => `${SIGNAL_NAMES[rank.signal]?.[lang] ?? rank.signal} ${rank.weight}`).join(', ');
    lines.push(lang === 'pl' ? `ranking (waga): ${signals}` : `ranked by (weight): ${signals}`);
  }
  return lines;
}

/** The site the query allows, in words: "teren z kilku sąsiednich działek, łącznie co najmniej 20 ha". */
export function describeAssembly(minTotalSqm: number, lang: Language): string {
  return lang === 'pl'
    ? `teren z kilku sąsiednich działek, łącznie co najmniej ${formatArea(minTotalSqm, lang)}`
    : `a site of several neighbouring parcels, at least ${formatArea(minTotalSqm, lang)} together`;
}

/** "cena szacowana najwyżej 200 000 zł": a bound on area × the comparables' median. */
function describePriceEstimate({ min, max }: { min?: number; max?: number }, lang: Language): string {
  const zl = (value: number): string => `${formatNumber(value, lang)} zł`;
  const parts: string[] = [];
  if (min !== undefined) parts.push(lang === 'pl' ? `co najmniej ${zl(min)}` : `at least ${zl(min)}`);
  if (max !== undefined) parts.push(lang === 'pl' ? `najwyżej ${zl(max)}` : `at most ${zl(max)}`);
  const bounds = parts.join(lang === 'pl' ? ' i ' : ' and ');
  return lang === 'pl'
    ? `cena szacowana (powierzchnia × mediana transakcji gruntów tego rodzaju w gminie) ${bounds}`
    : `estimated price (area × the median of land transactions of its type in the gmina) ${bounds}`;
}

/** "własność (grupa rejestrowa EGiB): 7 osoby fizyczne, 15 spółki prawa handlowego; nieznana pominięta". */
export function describeOwnership({ include, exclude }: OwnershipGroupsFilter, lang: Language): string {
  const named = (codes: readonly string[]): string =>
    codes.map((code) => `${code} ${(lang === 'pl' ? registrationGroup(code)?.label_pl : registrationGroup(code)?.label_en) ?? ''}`.trim()).join('; ');
  const parts: string[] = [];
  if (include) parts.push(lang === 'pl' ? `jedna z grup: ${named(include)}` : `one of the groups: ${named(include)}`);
  if (exclude) parts.push(lang === 'pl' ? `żadna z grup: ${named(exclude)}` : `none of the groups: ${named(exclude)}`);
  return lang === 'pl'
    ? `własność (grupa rejestrowa EGiB) — ${parts.join('; ')}; działki bez znanej grupy pominięto`
    : `ownership (EGiB registration group): ${parts.join('; ')}; parcels whose group is unknown are left out`;
}
