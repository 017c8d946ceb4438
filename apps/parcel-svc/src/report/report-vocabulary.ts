import { PROXIMITY_KINDS, type ConstraintSeverity, type ReportLanguage, type ZoningCategory } from '@lp/contracts';

/**
 * Words the summary and the PDF share, in both report languages. Data values (names of areas,
 * plan names, raw symbols) stay as the source wrote them.
 */

/** What a zoning category allows, as the object of "allows …" / "dopuszcza …". */
export const CATEGORY_ALLOWS: Record<ReportLanguage, Record<ZoningCategory, string>> = {
  en: {
    residential_single: 'single-family housing',
    residential_multi: 'multi-family housing',
    mixed_residential_services: 'housing mixed with services',
    commercial_services: 'commercial services, retail and offices',
    public_services: 'public services such as schools, health care and administration',
    industrial: 'production, storage and warehousing',
    industrial_services: 'services with production',
    agricultural: 'farming (new buildings only for farm purposes)',
    forest: 'forest, without building',
    green_recreation: 'parks, allotments, sport and recreation',
    cemetery: 'a cemetery',
    mining: 'mineral extraction',
    transport: 'roads, railways or parking',
    infrastructure: 'technical infrastructure (power, water, sewage, gas, telecom)',
    water: 'surface waters',
    other: 'a use our taxonomy does not classify (see the raw symbol)',
  },
  pl: {
    residential_single: 'zabudowę mieszkaniową jednorodzinną',
    residential_multi: 'zabudowę mieszkaniową wielorodzinną',
    mixed_residential_services: 'zabudowę mieszkaniową z usługami',
    commercial_services: 'usługi komercyjne, handel i biura',
    public_services: 'usługi publiczne (oświata, zdrowie, administracja)',
    industrial: 'produkcję, składy i magazyny',
    industrial_services: 'usługi z dopuszczeniem produkcji',
    agricultural: 'rolnictwo (nowa zabudowa tylko zagrodowa)',
    forest: 'las, bez zabudowy',
    green_recreation: 'zieleń, ogrody działkowe, sport i rekreację',
    cemetery: 'cmentarz',
    mining: 'eksploatację kopalin',
    transport: 'drogi, kolej lub parkingi',
    infrastructure: 'infrastrukturę techniczną (energia, woda, kanalizacja, gaz, telekomunikacja)',
    water: 'wody powierzchniowe',
    other: 'przeznaczenie spoza naszej klasyfikacji (zob. symbol)',
  },
};

const PROXIMITY_LABELS_PL: Record<string, string> = {
  power_substation: 'stacja elektroenergetyczna',
  hv_substation: 'stacja WN (co najmniej 110 kV)',
  grid_capacity: 'węzeł z opublikowaną mocą przyłączeniową',
  hv_line: 'linia wysokiego napięcia',
  mv_line: 'linia średniego napięcia',
  transit_stop: 'przystanek komunikacji publicznej',
  rail_station: 'stacja lub przystanek kolejowy',
  school: 'szkoła',
  kindergarten: 'przedszkole',
  healthcare: 'przychodnia lub szpital',
  shop: 'sklep',
  water: 'rzeka, kanał, jezioro lub zbiornik wodny',
  hydrant: 'hydrant lub zbiornik przeciwpożarowy',
  public_road: 'droga publiczna',
  major_road: 'autostrada, droga ekspresowa lub główna',
  planned_road: 'planowana droga',
  planned_railway: 'planowana linia kolejowa',
  ev_charger: 'stacja ładowania EV',
  data_center: 'centrum danych',
  industrial_area: 'teren przemysłowy lub park przemysłowy',
  renewable_installation: 'istniejąca instalacja OZE',
};

const PROXIMITY_LABELS_EN: Record<string, string> = Object.fromEntries(PROXIMITY_KINDS.map((kind) => [kind.id, kind.label]));

export function proximityLabel(kind: string, language: ReportLanguage): string {
  return (language === 'pl' ? PROXIMITY_LABELS_PL[kind] : PROXIMITY_LABELS_EN[kind]) ?? kind.replaceAll('_', ' ');
}

/** The grid connection point a farm or storage needs: a substation of at least 110 kV (spec "near a substation"). */
export const HV_MIN_KV = 110;
/** Below this a station is medium voltage (SN, typically 15–30 kV): a transformer station, not a GPZ. */
const MV_BELOW_KV = 60;

const SUBSTATION_WORDS: Record<ReportLanguage, { hv: (kv: string) => string; mv: (kv: string) => string; unknown: string }> = {
  en: { hv: (kv) => `HV substation (${kv} kV)`, mv: (kv) => `MV transformer station (${kv} kV)`, unknown: 'substation of unknown voltage' },
  pl: { hv: (kv) => `stacja WN (${kv} kV)`, mv: (kv) => `stacja transformatorowa SN (${kv} kV)`, unknown: 'stacja o nieznanym napięciu' },
};

/**
 * What a found substation is: an HV substation or a medium-voltage transformer station, with its
 * voltage. Other kinds keep their proximity label.
 */
export function proximityItemLabel(item: { kind: string; layer: string; attributes: Record<string, unknown> }, language: ReportLanguage): string {
  if (item.layer !== 'power_substations') return proximityLabel(item.kind, language);
  const kv = item.attributes['voltage_kv'];
  const words = SUBSTATION_WORDS[language];
  if (typeof kv !== 'number') return item.kind === 'hv_substation' ? proximityLabel('hv_substation', language) : words.unknown;
  return kv >= MV_BELOW_KV ? words.hv(formatNumber(kv, language)) : words.mv(formatNumber(kv, language));
}

export const SEVERITY_LABELS: Record<ReportLanguage, Record<ConstraintSeverity, string>> = {
  en: { blocking: 'blocking', restrictive: 'restrictive', informational: 'informational' },
  pl: { blocking: 'wykluczające', restrictive: 'ograniczające', informational: 'informacyjne' },
};

const LOCALES: Record<ReportLanguage, string> = { en: 'en-GB', pl: 'pl-PL' };

/** A number for people: grouped thousands, at most `digits` decimals, the language's separators. */
export function formatNumber(value: number, language: ReportLanguage, digits = 0): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
}

/** Metres below a kilometre, kilometres with one decimal above. */
export function formatDistance(metres: number, language: ReportLanguage): string {
  if (metres < 1000) return `${formatNumber(Math.round(metres / 10) * 10, language)} m`;
  return `${formatNumber(metres / 1000, language, 1)} km`;
}

/** Hectares with the precision a buyer reads: two decimals under 10 ha, one above. */
export function formatHectares(areaSqm: number, language: ReportLanguage): string {
  const ha = areaSqm / 10_000;
  return `${formatNumber(ha, language, ha < 10 ? 2 : 1)} ha`;
}

/** A calendar date (YYYY-MM-DD or an ISO timestamp, read in UTC) as the language writes it: 21 Nov 2024, 21.11.2024. */
export function formatDate(iso: string, language: ReportLanguage): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions =
    language === 'pl' ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(LOCALES[language], options).format(date);
}

/** A moment with its time of day, in UTC: 21 Nov 2024, 14:05 UTC / 21.11.2024, 14:05 UTC. */
export function formatDateTime(iso: string, language: ReportLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(date);
  return `${formatDate(iso, language)}, ${time} UTC`;
}
