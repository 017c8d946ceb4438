import { REGION_LEVELS, REGION_UNIT_TYPES, type RegionLevel, type RegionUnitType } from '@lp/contracts';
import { foldPolish } from '@lp/geo';

/** A row of `layer_pub.admin_bounds` as the read model needs it. */
export interface AdminBoundRow {
  teryt: string;
  kind: string;
  name: string;
  unit_type: string | null;
  parent_teryt: string | null;
}

/** A row of `geocode.admin_units`. */
export interface AdminUnitRow {
  teryt: string;
  level: RegionLevel;
  /** 0 voivodeship, 1 powiat, 2 gmina: the order of equally good matches. */
  level_rank: number;
  name: string;
  unit_type: RegionUnitType;
  parent_teryt: string | null;
  parent_name: string | null;
  /** `powiat ostródzki, warmińsko-mazurskie`: the parent, enough to tell same-named units apart. */
  parent_label: string | null;
  /** `Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie`. */
  label: string;
  name_folded: string;
  /** The folded name without a leading unit word (`powiat krakowski` → `krakowski`), for exact matches. */
  core_folded: string;
}

export interface BuiltAdminUnits {
  units: AdminUnitRow[];
  /** Source rows left out, with the reason. */
  skipped: string[];
}

/**
 * Version of the rules below. Stored with the read model; a model built by other rules is rebuilt
 * at start-up even when admin_bounds has not changed. Bump it when labels or folding change.
 */
export const ADMIN_UNITS_MODEL_VERSION = 1;

const TERYT_DIGITS: Record<RegionLevel, number> = { voivodeship: 2, powiat: 4, gmina: 7 };
const POLISH_UNIT_TYPES = new Set<string>(REGION_UNIT_TYPES);
/** English names the layer catalogue once used for the same types. */
const UNIT_TYPE_ALIASES: Record<string, RegionUnitType> = {
  voivodeship: 'województwo',
  powiat: 'powiat',
  city_with_powiat_rights: 'miasto na prawach powiatu',
  gmina_urban: 'gmina miejska',
  gmina_rural: 'gmina wiejska',
  gmina_urban_rural: 'gmina miejsko-wiejska',
};
const TYPES_OF_LEVEL: Record<RegionLevel, RegionUnitType[]> = {
  voivodeship: ['województwo'],
  powiat: ['powiat', 'miasto na prawach powiatu'],
  gmina: ['gmina miejska', 'gmina wiejska', 'gmina miejsko-wiejska'],
};
const GMINA_TYPE_BY_DIGIT: Record<string, RegionUnitType> = { '1': 'gmina miejska', '2': 'gmina wiejska', '3': 'gmina miejsko-wiejska' };
const LEADING_UNIT_WORD = /^(powiat|wojewodztwo|gmina) (?=.)/;

/**
 * Turns admin bounds into read-model rows: Polish unit types, parents in words, folded names.
 * Rows that are not a voivodeship, powiat or gmina with a TERYT code of the matching length are
 * skipped and reported, so one bad row never blocks the rebuild of the rest.
 */
export function buildAdminUnits(bounds: AdminBoundRow[]): BuiltAdminUnits {
  const skipped: string[] = [];
  const valid = bounds.filter((row) => {
    const level = asLevel(row.kind);
    const ok = level !== null && new RegExp(`^[0-9]{${TERYT_DIGITS[level]}}$`).test(row.teryt) && (row.name ?? '').trim() !== '' && unitTypeOf(level, row) !== null;
    if (!ok) skipped.push(`${row.teryt} ${row.name} (kind ${row.kind}, unit_type ${row.unit_type ?? 'none'})`);
    return ok;
  });
  const byTeryt = new Map(valid.map((row) => [row.teryt, row]));
  const units = valid.map((row): AdminUnitRow => {
    const level = asLevel(row.kind)!;
    const unitType = unitTypeOf(level, row)!;
    const parentTeryt = level === 'voivodeship' ? null : (row.parent_teryt ?? row.teryt.slice(0, level === 'gmina' ? 4 : 2));
    const parent = parentTeryt ? byTeryt.get(parentTeryt) : undefined;
    const voivodeship = level === 'voivodeship' ? undefined : byTeryt.get(row.teryt.slice(0, 2));
    const parentParts = level === 'gmina' ? [parent ? powiatLabel(parent.name) : null, voivodeship?.name ?? null] : [voivodeship?.name ?? null];
    const parentLabel = level === 'voivodeship' ? null : parentParts.filter((part): part is string => part !== null).join(', ') || null;
    const nameFolded = foldPolish(row.name);
    return {
      teryt: row.teryt,
      level,
      level_rank: REGION_LEVELS.indexOf(level),
      name: row.name.trim(),
      unit_type: unitType,
      parent_teryt: parentTeryt,
      parent_name: parent?.name ?? null,
      parent_label: parentLabel,
      label: `${row.name.trim()} — ${unitType}${parentLabel ? `, ${parentLabel}` : ''}`,
      name_folded: nameFolded,
      core_folded: nameFolded.replace(LEADING_UNIT_WORD, ''),
    };
  });
  return { units, skipped };
}

function asLevel(kind: string): RegionLevel | null {
  return (REGION_LEVELS as readonly string[]).includes(kind) ? (kind as RegionLevel) : null;
}

/** The Polish unit type: as given or from an English alias when it fits the level, else from the TERYT code. */
function unitTypeOf(level: RegionLevel, row: AdminBoundRow): RegionUnitType | null {
  const given = row.unit_type?.trim() ?? '';
  const named = POLISH_UNIT_TYPES.has(given) ? (given as RegionUnitType) : UNIT_TYPE_ALIASES[given];
  if (named && TYPES_OF_LEVEL[level].includes(named)) return named;
  if (level === 'voivodeship') return 'województwo';
  // Powiat codes 61 and above are cities with powiat rights.
  if (level === 'powiat') return Number(row.teryt.slice(2, 4)) >= 61 ? 'miasto na prawach powiatu' : 'powiat';
  return GMINA_TYPE_BY_DIGIT[row.teryt.slice(6)] ?? null;
}

/** A powiat's name as TERYT writes it (`powiat ostródzki`), also when a source drops the word. */
function powiatLabel(name: string): string {
  return /^powiat\s/i.test(name) ? name : `powiat ${name}`;
}
