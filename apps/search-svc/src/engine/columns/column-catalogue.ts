import { ENV_KINDS, envColumn, FRONT_COLUMNS, NEAREST_COLUMNS } from '../../search-index/index-columns.js';
import { FRONT_NUMBER_SEPARATOR, FRONT_PART_SEPARATOR } from './column-front.js';

/**
 * The columns of `search.parcel_index` the in-memory engine can hold, and how each is held:
 * - `number`: float8 (integers too) in a Float64Array, null as NaN: every value exactly as stored,
 *   so comparisons and ranges equal PostgreSQL's; a gmina with few distinct values holds the same
 *   float8s as codes into its own dictionary (CodedNumbers, column-coded.ts);
 * - `sparse`: a number column that is mostly null, as SparseNumbers (column-sparse.ts): the same
 *   values and nulls, 8 bytes only for the rows with a value;
 * - `code`: text as a Uint16Array of codes into one dictionary per column, null as 0;
 * - `bool`: a Uint8Array, 0 null, 1 false, 2 true;
 * - `set`: text[] as a Uint16Array of codes into one dictionary of the distinct arrays, null as 0;
 * - `front`: a front's two arrays (`<name>_m`, `<name>_value`) as FrontValues (column-front.ts).
 */
export type ColumnKind = 'number' | 'sparse' | 'code' | 'bool' | 'set' | 'front';

const NUMBER_COLUMNS = [
  'area_sqm',
  'slope_pct',
  'building_count',
  'max_floors',
  ...NEAREST_COLUMNS.map((c) => `${c.column}_m`),
  'grid_node_mw',
  'solar_yield',
  'price_per_sqm_pln',
];

/**
 * Number columns null for most parcels by what they mean, not for want of data: an env distance is
 * null unless an area of its kind lies within ENV_REACH_M, min_floors unless the parcel has a
 * building. Null fractions (pg_stats) on the demo data / the 1 M-parcel scale dataset: env columns
 * 0.59 to 1.00 / 0.87 to 1.00 (protected_landscape_area 0.03 on the demo, whose gminas lie in one),
 * min_floors 0.54 / 0.97. Columns null only where a layer's coverage is missing (slope, price,
 * building_count) or mostly present on the demo (school, planned_road, water, grid_node) stay dense:
 * sparse saves bytes only below a fill of 97 % and costs a few operations a read.
 */
const SPARSE_COLUMNS = [...ENV_KINDS.map(envColumn), 'min_floors'];

const KINDS: ReadonlyMap<string, ColumnKind> = new Map<string, ColumnKind>([
  ...NUMBER_COLUMNS.map((name): [string, ColumnKind] => [name, 'number']),
  ...SPARSE_COLUMNS.map((name): [string, ColumnKind] => [name, 'sparse']),
  ['zoning_source', 'code'],
  ['zoning_category', 'code'],
  ['zoning_symbol', 'code'],
  ['local_plan', 'code'],
  ['general_plan_allows_building', 'bool'],
  ['kowr_overlap', 'bool'],
  ['land_cover_kinds', 'set'],
  ['blocking_overlaps', 'set'],
  ['land_use_kinds', 'set'],
  ...FRONT_COLUMNS.map((f): [string, ColumnKind] => [f.column, 'front']),
]);

/** How a column is held; undefined: not a column the engine holds (the caller falls back to SQL). */
export function columnKind(name: string): ColumnKind | undefined {
  return KINDS.get(name);
}

/** Separates values of a text column in one gmina's load; neither it nor NULL_TEXT occurs in the data (checked at load). */
export const VALUE_SEPARATOR = '\u001e';
/** Stands for null in a text or array column's load. */
export const NULL_TEXT = '\u001f';
/** Separates the elements of an array value. */
export const ELEMENT_SEPARATOR = '\u001d';

/** How the load query aggregates one gmina's rows of a column (column.repository.ts). */
export interface EncodedColumnSql {
  /** One row's value. */
  sql: string;
  separator: string;
  /** Sparse: the condition of a row with a value; only those rows' values are sent, with a '1' or '0' per row beside them. */
  presentWhere?: string;
}

/**
 * One row's value of the column as the load query aggregates it (`string_agg` in parcel-id order):
 * numbers as the 8 bytes of float8send (NaN for null; a sparse column's only where present, 1 byte a
 * row for the rest), booleans as one character, text and arrays as text with a null marker. `name` is checked against the catalogue above before it reaches SQL.
 */
export function encodedValueSql(name: string): EncodedColumnSql {
  const kind = columnKind(name);
  if (!kind || !/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`${name} is not a column the engine holds`);
  const column = `i.${name}`;
  switch (kind) {
    case 'number':
      return { sql: `COALESCE(float8send(${column}::float8), '\\x7ff8000000000000'::bytea)`, separator: `''::bytea` };
    case 'sparse':
      // a stored NaN is held as null, as a dense column reads it (NULL <> 'NaN' is null, NaN <> 'NaN' false)
      return { sql: `float8send(${column}::float8)`, separator: `''::bytea`, presentWhere: `${column}::float8 <> 'NaN'` };
    case 'bool':
      return { sql: `CASE WHEN ${column} IS NULL THEN '0' WHEN ${column} THEN '2' ELSE '1' END`, separator: `''` };
    case 'code':
      return { sql: `COALESCE(${column}, chr(31))`, separator: 'chr(30)' };
    case 'set':
      return { sql: `COALESCE(array_to_string(${column}, chr(29)), chr(31))`, separator: 'chr(30)' };
    case 'front': {
      // float8 as text is the shortest form that reads back to the same number (extra_float_digits 1, the default)
      const part = (suffix: string): string => `array_to_string(${column}_${suffix}, '${FRONT_NUMBER_SEPARATOR}')`;
      return { sql: `COALESCE(${part('m')} || '${FRONT_PART_SEPARATOR}' || ${part('value')}, chr(31))`, separator: 'chr(30)' };
    }
  }
}
