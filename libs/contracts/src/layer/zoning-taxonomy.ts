/**
 * Normalised zoning taxonomy.
 *
 * Local plans (MPZP) label zones with symbols whose spelling varies from gmina to gmina
 * (`MN`, `1MN`, `12.MN`, `MN-1`, `P-U`, `KD-L`, ...). The service always keeps the raw symbol
 * and adds a normalised category from the taxonomy below (spec: "Zoning symbols: many local
 * spellings are mapped to a common category taxonomy; the raw symbol is kept").
 *
 * The symbol vocabulary follows the 2003 regulation on the content of local plans
 * (Dz.U. 2003 nr 164 poz. 1587) and the spellings that are common in practice. The general-plan
 * zone types (plan ogólny, 2023 reform) are listed separately in PLAN_OGOLNY_ZONE_TYPES.
 */

export const ZONING_CATEGORIES = [
  'residential_single',
  'residential_multi',
  'mixed_residential_services',
  'commercial_services',
  'public_services',
  'industrial',
  'industrial_services',
  'agricultural',
  'forest',
  'green_recreation',
  'cemetery',
  'mining',
  'transport',
  'infrastructure',
  'water',
  'other',
] as const;

export type ZoningCategory = (typeof ZONING_CATEGORIES)[number];

export const ZONING_CATEGORY_DESCRIPTIONS: Readonly<Record<ZoningCategory, string>> = {
  residential_single: 'Single-family and low-density housing (MN, ML, M)',
  residential_multi: 'Multi-family housing (MW)',
  mixed_residential_services: 'Housing mixed with services (MN/U, MW/U, MU)',
  commercial_services: 'Commercial services, retail, offices, tourism (U, UC, UH, UT)',
  public_services: 'Public services: education, health, administration, culture, religion (UP, UO, UZ, UA, UK)',
  industrial: 'Production, storage and warehousing, incl. production with services (P, PU, P/U, PS)',
  industrial_services: 'Services with production allowed, service-led (U/P)',
  agricultural: 'Farmland, orchards, meadows, farmsteads and farm buildings (R, RM, RU, RO, RZ)',
  forest: 'Forest and land for afforestation (ZL, L)',
  green_recreation: 'Parks, allotments, sport and recreation grounds, other green areas (ZP, ZD, ZZ, ZN, US)',
  cemetery: 'Cemeteries (ZC)',
  mining: 'Surface mineral extraction (PG)',
  transport: 'Roads, railways, parking and other transport land (KD*, KK, KS, KP)',
  infrastructure: 'Technical infrastructure: power, water, sewage, gas, heat, telecom, waste (E, W, K, G, C, T, O, IT)',
  water: 'Surface waters (WS)',
  other: 'Symbol not recognised or not classifiable',
};

/**
 * Category groups used by search and the natural-language interpreter.
 * - industrial: spec "Industrial zoning maps to local-plan categories P, PU and P/U" (all three
 *   normalise to `industrial`); the service-led U/P is included too.
 * - buildable: spec "residential or service local-plan zones".
 */
export const ZONING_CATEGORY_GROUPS: Readonly<Record<string, readonly ZoningCategory[]>> = {
  residential: ['residential_single', 'residential_multi', 'mixed_residential_services'],
  commercial: ['commercial_services', 'mixed_residential_services'],
  services: ['commercial_services', 'public_services', 'mixed_residential_services'],
  industrial: ['industrial', 'industrial_services'],
  buildable: [
    'residential_single',
    'residential_multi',
    'mixed_residential_services',
    'commercial_services',
    'public_services',
  ],
  agricultural: ['agricultural'],
};

/**
 * Canonical local-plan symbol -> category. Keys are canonical spellings: upper case, no
 * numbering, combined functions joined by `/`. Unknown symbols fall back to the longest known
 * prefix (e.g. `ZLN` -> `ZL`) and, for combinations, to the rules in `normaliseZoningSymbol`.
 */
export const ZONING_SYMBOL_CATEGORY: Readonly<Record<string, ZoningCategory>> = {
  // Residential
  M: 'residential_single',
  MN: 'residential_single',
  MNE: 'residential_single', // extensive single-family
  MNJ: 'residential_single',
  MNI: 'residential_single',
  MNW: 'residential_single',
  MR: 'residential_single',
  ML: 'residential_single', // summer / recreation houses (zabudowa letniskowa)
  MW: 'residential_multi',
  MWI: 'residential_multi',
  'MN/MW': 'residential_multi',
  'MW/MN': 'residential_multi',
  // Residential with services
  MU: 'mixed_residential_services',
  MNU: 'mixed_residential_services',
  MWU: 'mixed_residential_services',
  'MN/U': 'mixed_residential_services',
  'MW/U': 'mixed_residential_services',
  'U/MN': 'mixed_residential_services',
  'U/MW': 'mixed_residential_services',
  'M/U': 'mixed_residential_services',
  'U/M': 'mixed_residential_services',
  UM: 'mixed_residential_services',
  // Commercial services
  U: 'commercial_services',
  UC: 'commercial_services', // large-format retail (> 2000 m2 sales area)
  UH: 'commercial_services',
  UG: 'commercial_services',
  UR: 'commercial_services', // crafts
  UT: 'commercial_services', // tourism
  UTL: 'commercial_services',
  'U/UT': 'commercial_services',
  // Public services
  UP: 'public_services',
  UO: 'public_services', // education
  UZ: 'public_services', // health
  UA: 'public_services', // administration
  UK: 'public_services', // culture / religion
  UKR: 'public_services',
  UN: 'public_services', // science
  UPS: 'public_services', // social care
  UI: 'public_services',
  // Sport and recreation grounds count as green / recreation, not as commercial services
  US: 'green_recreation',
  // Industrial (spec: industrial zoning = P, PU, P/U)
  P: 'industrial',
  PU: 'industrial',
  'P/U': 'industrial',
  PS: 'industrial', // storage
  PP: 'industrial',
  PE: 'industrial', // energy production
  PEF: 'industrial', // PV farm zoned as production
  PB: 'industrial',
  PR: 'industrial',
  'P/PU': 'industrial',
  'P/UC': 'industrial',
  'U/P': 'industrial_services',
  'U/PU': 'industrial_services',
  UPU: 'industrial_services',
  // Mining
  PG: 'mining',
  // Agricultural
  R: 'agricultural',
  RM: 'agricultural', // farmsteads (zabudowa zagrodowa): buildable for farmers only
  RU: 'agricultural', // farm service buildings
  RO: 'agricultural', // orchards
  RZ: 'agricultural', // meadows and pastures
  RP: 'agricultural',
  RS: 'agricultural', // fish ponds
  RR: 'agricultural',
  RN: 'agricultural',
  RL: 'forest', // farmland designated for afforestation
  'R/ZL': 'agricultural',
  // Forest
  ZL: 'forest',
  ZLZ: 'forest',
  ZLS: 'forest',
  L: 'forest',
  LS: 'forest',
  // Green and recreation
  Z: 'green_recreation',
  ZP: 'green_recreation',
  ZD: 'green_recreation', // allotments
  ZZ: 'green_recreation', // green areas in flood zones
  ZN: 'green_recreation', // natural green
  ZI: 'green_recreation', // isolation green
  ZE: 'green_recreation', // ecological corridors
  ZR: 'green_recreation',
  ZO: 'green_recreation',
  ZW: 'green_recreation',
  ZU: 'green_recreation',
  ZC: 'cemetery',
  // Water
  WS: 'water',
  WP: 'water',
  WW: 'water',
  // Transport (KD* below handled by prefix too)
  KD: 'transport',
  KDA: 'transport', // motorway
  KDS: 'transport', // expressway
  KDGP: 'transport',
  KDG: 'transport',
  KDZ: 'transport',
  KDL: 'transport',
  KDD: 'transport',
  KDW: 'transport', // internal road
  KDX: 'transport',
  KDP: 'transport',
  KDJ: 'transport',
  KK: 'transport', // railway
  KS: 'transport', // parking, transport services
  KP: 'transport', // pedestrian ways / parking
  KX: 'transport',
  KU: 'transport',
  KL: 'transport', // airport
  KG: 'transport',
  KO: 'transport',
  KPJ: 'transport',
  // Technical infrastructure
  IT: 'infrastructure',
  I: 'infrastructure',
  E: 'infrastructure', // electricity
  EE: 'infrastructure',
  EF: 'infrastructure', // PV farm
  EW: 'infrastructure', // wind farm
  W: 'infrastructure', // water supply (not surface water: that is WS)
  K: 'infrastructure', // sewage
  G: 'infrastructure', // gas
  C: 'infrastructure', // heat
  T: 'infrastructure', // telecom
  O: 'infrastructure', // waste
  NO: 'infrastructure', // sewage treatment
  NU: 'infrastructure', // waste disposal
};

/** Sub-classes that are written detached in some plans: `KD-L`, `KD (L)`, `KD.GP`. */
const KD_SUFFIXES = new Set(['A', 'S', 'GP', 'G', 'Z', 'L', 'D', 'W', 'X', 'P', 'J']);

const RESIDENTIAL = new Set<ZoningCategory>(['residential_single', 'residential_multi']);
const SERVICES = new Set<ZoningCategory>(['commercial_services', 'public_services']);

function stripDiacritics(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l').replace(/Ł/g, 'L');
}

/** Removes zone numbering from one token: `1MN`, `01MN`, `B1MN` (area letter + number), `MN1`, `MN1A`. */
function stripNumbering(token: string): string {
  return token.replace(/^[A-Z]?\d+(?=[A-Z])/, '').replace(/\d+[A-Z]?$/, '');
}

/** A numbering part: "12", or "1A" / "12B" when the letter is not itself a symbol (unlike "5U"). */
function isNumbering(part: string): boolean {
  const m = /^\d+([A-Z]?)$/.exec(part);
  return m !== null && (m[1] === '' || ZONING_SYMBOL_CATEGORY[m[1]!] === undefined);
}

/**
 * Splits a raw symbol into canonical function tokens, e.g. `12.MN/U` -> [MN, U],
 * `P-U` -> [P, U], `KD-L 01` -> [KDL]. Numbering tokens are dropped.
 */
export function zoningSymbolTokens(raw: string): string[] {
  // the Polish conjunction "i" ("MN i U") joins functions; a capital I is the infrastructure symbol
  const cleaned = stripDiacritics(raw).replace(/\s+(i|oraz)\s+/g, '/').toUpperCase().trim();
  const parts = cleaned
    .split(/[\s/\\,;.\-+&|()[\]_:]+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const tokens: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (isNumbering(part)) continue;
    // area letter before numbering, as in "C.1.MN" or "B 12 MN": not a function symbol
    if (/^[A-Z]$/.test(part) && i + 2 < parts.length && isNumbering(parts[i + 1]!)) continue;
    const t = stripNumbering(part);
    if (t.length === 0) continue;
    const prev = tokens[tokens.length - 1];
    if (prev === 'KD' && KD_SUFFIXES.has(t)) {
      tokens[tokens.length - 1] = `KD${t}`;
      continue;
    }
    tokens.push(t);
  }
  return tokens;
}

/** Category of one token (no separators), using the longest known prefix as a fallback. */
function tokenCategory(token: string): ZoningCategory | undefined {
  const exact = ZONING_SYMBOL_CATEGORY[token];
  if (exact) return exact;
  if (token.startsWith('KD')) return 'transport';
  if (token.startsWith('K') && token.length >= 2) return 'transport';
  for (let n = token.length - 1; n >= 1; n--) {
    const c = ZONING_SYMBOL_CATEGORY[token.slice(0, n)];
    if (c) return c;
  }
  return undefined;
}

/**
 * The canonical spelling of a raw local-plan symbol (upper case, numbering removed, functions
 * joined with `/`), or null when nothing symbol-like remains. `12.mn-u` -> `MN/U`.
 */
export function canonicalZoningSymbol(raw: string): string | null {
  const tokens = zoningSymbolTokens(raw).filter((t) => tokenCategory(t) !== undefined);
  return tokens.length > 0 ? tokens.join('/') : null;
}

/**
 * Maps a raw local-plan symbol, in any local spelling, to a category of ZONING_CATEGORIES.
 * Never throws; unrecognised input yields `other`.
 *
 * Combined symbols: an exact canonical match wins (`MN/U`, `P/U`, `U/P`); otherwise
 * housing + services -> mixed_residential_services, production + services -> industrial when
 * production comes first and industrial_services when services lead, and anything else takes
 * the category of the first (dominant) function.
 */
export function normaliseZoningSymbol(raw: string): ZoningCategory {
  if (typeof raw !== 'string') return 'other';
  const tokens = zoningSymbolTokens(raw);
  // unknown tokens (area letters like "A" in "A.12.MN") are ignored
  const known = tokens
    .map((t) => ({ t, c: tokenCategory(t) }))
    .filter((x): x is { t: string; c: ZoningCategory } => x.c !== undefined);
  if (known.length === 0) return 'other';
  const canonical = known.map((x) => x.t).join('/');
  const exact = ZONING_SYMBOL_CATEGORY[canonical];
  if (exact) return exact;
  if (known.length === 1) return known[0]!.c;

  const cats = known.map((x) => x.c);
  const first = cats[0]!;
  if (cats.every((c) => c === first)) return first;
  const hasResidential = cats.some((c) => RESIDENTIAL.has(c) || c === 'mixed_residential_services');
  const hasServices = cats.some((c) => SERVICES.has(c) || c === 'mixed_residential_services');
  if (hasResidential && hasServices && cats.every((c) => RESIDENTIAL.has(c) || SERVICES.has(c) || c === 'mixed_residential_services')) {
    return 'mixed_residential_services';
  }
  if (hasResidential && cats.every((c) => RESIDENTIAL.has(c))) return 'residential_multi';
  const hasIndustrial = cats.some((c) => c === 'industrial' || c === 'industrial_services');
  if (hasIndustrial && hasServices && cats.every((c) => c === 'industrial' || c === 'industrial_services' || SERVICES.has(c))) {
    return first === 'industrial' ? 'industrial' : 'industrial_services';
  }
  return first;
}

export function isZoningCategory(value: string): value is ZoningCategory {
  return (ZONING_CATEGORIES as readonly string[]).includes(value);
}

/**
 * General-plan (plan ogólny) zone types under the 2023 planning reform, with the `kind` id used
 * in the plan_ogolny_zones layer. allowsBuilding backs the spec's "general-plan zones that
 * allow building".
 */
export interface PlanOgolnyZoneType {
  symbol: string;
  kind: string;
  description: string;
  allowsBuilding: boolean;
}

export const PLAN_OGOLNY_ZONE_TYPES: readonly PlanOgolnyZoneType[] = [
  { symbol: 'SW', kind: 'multifunctional_multi_family', description: 'Multifunctional zone with multi-family housing', allowsBuilding: true },
  { symbol: 'SJ', kind: 'multifunctional_single_family', description: 'Multifunctional zone with single-family housing', allowsBuilding: true },
  { symbol: 'SZ', kind: 'multifunctional_farmstead', description: 'Multifunctional zone with farmstead housing', allowsBuilding: true },
  { symbol: 'SU', kind: 'services', description: 'Services zone', allowsBuilding: true },
  { symbol: 'SH', kind: 'large_retail', description: 'Large-format retail zone', allowsBuilding: true },
  { symbol: 'SP', kind: 'economic', description: 'Economic (production, storage) zone', allowsBuilding: true },
  { symbol: 'SR', kind: 'agricultural_production', description: 'Agricultural production zone', allowsBuilding: false },
  { symbol: 'SI', kind: 'renewable_energy', description: 'Renewable-energy installations zone', allowsBuilding: false },
  { symbol: 'SN', kind: 'green_recreation', description: 'Green and recreation zone', allowsBuilding: false },
  { symbol: 'SC', kind: 'cemetery', description: 'Cemetery zone', allowsBuilding: false },
  { symbol: 'SG', kind: 'mining', description: 'Mining zone', allowsBuilding: false },
  { symbol: 'SO', kind: 'open_area', description: 'Open-area zone (farmland, forest, water)', allowsBuilding: false },
  { symbol: 'SK', kind: 'transport', description: 'Transport zone', allowsBuilding: false },
];

/**
 * Procedure statuses at which a general plan binds, so its zones prove a parcel's zoning (design
 * SEARCH.md "Zoning evidence"). Only a plan in force is local law: an adopted plan still awaits
 * publication and the voivode's legality review (it may be annulled), and a plan in preparation
 * or under public consultation is a draft. Those are shown as information, never as proof.
 */
export const PLAN_OGOLNY_BINDING_STATUSES: readonly string[] = ['in_force'];

export function isPlanOgolnyBinding(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && PLAN_OGOLNY_BINDING_STATUSES.includes(status);
}

/**
 * Which instrument decided a parcel's zoning: `mpzp` a zone of the local plan covering it;
 * `plan_ogolny` a zone of a binding general plan where no local plan applies; `unknown` a local
 * plan covers it but its zones are not in our data (or plan boundaries, or the general plan, are
 * missing where they would decide); `none` no binding instrument applies (no local plan, and the
 * general plan is absent from the gmina's plan or not binding yet). The study never decides.
 */
export const ZONING_EVIDENCE_SOURCES = ['mpzp', 'plan_ogolny', 'unknown', 'none'] as const;
export type ZoningEvidenceSource = (typeof ZONING_EVIDENCE_SOURCES)[number];
